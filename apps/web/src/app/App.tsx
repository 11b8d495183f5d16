import { App as AntApp, ConfigProvider } from 'antd';
import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import type { AppStore } from './store';
import { appTheme } from './theme';

interface AppProps {
  store: AppStore;
  router: ReturnType<typeof createBrowserRouter>;
}

/** The providers every page relies on; the router renders the layout and pages. */
export function App({ store, router }: AppProps) {
  return (
    <Provider store={store}>
      <ConfigProvider theme={appTheme}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
