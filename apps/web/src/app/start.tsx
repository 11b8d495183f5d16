import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startAuthRuntime } from '../features/accounts/auth-client/auth-runtime';
import { startActivityReporting } from '../shared/analytics/activity-reporting';
import { makeStore } from '../shared/store/store';
import { App } from './App';
import { createAppRouter } from './router';

/**
 * Starts the app in `container`. `prerendered`: the container holds the home
 * page as rendered at build time (logged out, auth not known yet), which React
 * takes over as it is (hydration); otherwise the page renders from scratch.
 * Nothing waits for the auth client: the page shows its logged-out chrome
 * until the client has restored a session.
 */
export function startApp(container: HTMLElement, prerendered: boolean): void {
  // Before the first render, so the first page view is sent too.
  startActivityReporting();
  const store = makeStore();
  // What the build-time render had; taken before start-up changes anything.
  const serverState = store.getState();
  // The router reads the address first: the auth client removes an e-mail
  // link's ?code= once it has exchanged it, and /auth and the reset page still need it.
  const router = createAppRouter();
  const auth = startAuthRuntime(store, window.location.origin);
  const app = (
    <StrictMode>
      <App
        store={store}
        router={router}
        auth={auth}
        serverState={prerendered ? serverState : undefined}
        // index.html keeps the prerendered page inert until here.
        onMounted={() => {
          container.inert = false;
        }}
      />
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}
