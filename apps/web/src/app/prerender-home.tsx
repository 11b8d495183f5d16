import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router-dom';
import { App } from './App';
import { routes } from './router';
import { fixedAuthRuntime } from '../features/accounts/auth-client/auth-runtime';
import { SessionLifetimeRequest } from '../features/accounts/auth-client/session-lifetime';
import { makeStore } from '../shared/store/store';

export interface PrerenderedPage {
  /** The markup of the app's root. */
  html: string;
  /** antd's styles for that markup, as <style> elements for the head. */
  styles: string;
}

/**
 * The home page as every visitor's browser first renders it: logged out,
 * before the config and the auth client are in. Run at build time (the
 * vite.config.ts plugin puts it into index.html), so the page paints before
 * any script runs and the browser takes it over as it is. The same providers
 * and routes as the browser's, so React's ids (and antd's class names made
 * from them) come out the same on both sides.
 */
export async function renderHome(): Promise<PrerenderedPage> {
  const cache = createCache();
  const runtime = fixedAuthRuntime({
    auth: null,
    config: null,
    authUrl: null,
    error: null,
    sessionLifetime: new SessionLifetimeRequest(),
    starting: true,
  });
  const { prelude } = await prerender(
    <StyleProvider cache={cache}>
      <App store={makeStore()} router={createMemoryRouter(routes, { initialEntries: ['/'] })} auth={runtime} />
    </StyleProvider>,
    // One document in reading order: no part sent apart to be moved into place by a script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return { html: await new Response(prelude).text(), styles: extractStyle(cache) };
}
