import { App as AntApp, ConfigProvider } from 'antd';
import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { AuthRuntimeContext, type AuthRuntime } from '../features/accounts/auth-client/auth-runtime';
import type { AppStore } from '../shared/store/store';
import { appTheme } from './theme';

interface AppProps {
  store: AppStore;
  router: ReturnType<typeof createBrowserRouter>;
  /** The auth client and config found at start-up (or why there are none). */
  auth: AuthRuntime;
}

/** The providers every page relies on; the router renders the layout and pages. */
export function App({ store, router, auth }: AppProps) {
  return (
    <Provider store={store}>
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
