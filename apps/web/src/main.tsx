import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { makeStore } from './shared/store/store';
import { startAuthRuntime } from './features/accounts/auth-client/auth-runtime';
import { startActivityReporting } from './shared/analytics/activity-reporting';
import './app/global.css';

async function boot(container: HTMLElement) {
  // Before the first render, so the first page view is sent too.
  startActivityReporting();
  const store = makeStore();
  // The router reads the address first: supabase-js removes an e-mail link's
  // ?code= once it has exchanged it, and /auth and the reset page still need it.
  const router = createAppRouter();
  const auth = await startAuthRuntime(store, window.location.origin);
  createRoot(container).render(
    <StrictMode>
      <App store={store} router={router} auth={auth} />
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container === null) throw new Error('The page has no #root element to render into');
void boot(container);
