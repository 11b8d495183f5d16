import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { AuthRuntimeContext, type AuthRuntimeSource } from '../features/accounts/auth-client/auth-runtime';
import type { AppStore, RootState } from '../shared/store/store';
import { appTheme } from './theme';

interface AppProps {
  store: AppStore;
  router: ReturnType<typeof createBrowserRouter>;
  /** The auth client and config found at start-up (or why there are none), as start-up goes on. */
  auth: AuthRuntimeSource;
  /** The state the home page was rendered with at build time: react-redux hydrates the page from it. */
  serverState?: RootState;
  /** Called once the app is on the page (a prerendered page: once React has taken it over). */
  onMounted?: () => void;
}

/** The providers every page relies on; the router renders the layout and pages. */
export function App({ store, router, auth, serverState, onMounted }: AppProps) {
  // An effect of the root runs after the whole first commit, hydration included.
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <Provider store={store} serverState={serverState}>
      <AuthRuntimeContext.Provider value={auth}>
        <ConfigProvider theme={appTheme}>
          <AntApp>
            <RouterProvider router={router} />
          </AntApp>
        </ConfigProvider>
      </AuthRuntimeContext.Provider>
    </Provider>
  );
}
