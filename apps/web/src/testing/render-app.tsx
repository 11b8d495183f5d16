import { StyleProvider } from '@ant-design/cssinjs';
import { LOCAL_ANON_KEY, type PublicConfig } from '@jokes/contracts';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router-dom';
import { App } from '../app/App';
import { RootLayout } from '../app/layout/RootLayout';
import { routes } from '../app/router';
import { makeStore } from '../shared/store/store';
import { fixedAuthRuntime, type AuthRuntime } from '../features/accounts/auth-client/auth-runtime';
import { SessionLifetimeRequest } from '../features/accounts/auth-client/session-lifetime';
import { FakeAuthClient } from './fake-auth-client';

export const testConfig: PublicConfig = { supabaseUrl: null, supabaseAnonKey: LOCAL_ANON_KEY, devMailbox: false };

interface RenderOptions {
  /** The auth client; a fresh one with nobody logged in by default. */
  auth?: FakeAuthClient | null;
  config?: Partial<PublicConfig>;
  sessionLifetime?: SessionLifetimeRequest;
}

export function authRuntime({ auth = new FakeAuthClient(), config, sessionLifetime = new SessionLifetimeRequest() }: RenderOptions = {}): AuthRuntime {
  return {
    auth: auth?.client ?? null,
    config: { ...testConfig, ...config },
    authUrl: auth ? 'http://localhost' : null,
    error: auth ? null : new Error('supabaseUrl is required.'),
    sessionLifetime,
    starting: false,
  };
}

/**
 * The whole app (store, router, layout, pages) at `path`, as a user gets it.
 * `mock="server"` keeps antd from injecting styles, which jsdom would only slow down.
 */
export function renderApp(path = '/', options: RenderOptions = {}) {
  return renderRoutes(routes, path, options);
}

/**
 * One component inside the app's layout and providers, at `/`, without its
 * page around it: for states a page's gate never lets through.
 */
export function renderInLayout(element: ReactElement, options: RenderOptions = {}) {
  const layout: RouteObject[] = [{ path: '/', element: <RootLayout />, children: [{ index: true, element }, ...(routes[0]?.children ?? []).filter((route) => !route.index)] }];
  return renderRoutes(layout, '/', options);
}

function renderRoutes(routeList: RouteObject[], path: string, options: RenderOptions) {
  const store = makeStore();
  const router = createMemoryRouter(routeList, { initialEntries: [path] });
  const view = render(
    <StyleProvider mock="server">
      <App store={store} router={router} auth={fixedAuthRuntime(authRuntime(options))} />
    </StyleProvider>,
  );
  return { ...view, store, router };
}
