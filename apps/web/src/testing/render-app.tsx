import { StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../app/App';
import { routes } from '../app/router';
import { makeStore } from '../app/store';

/**
 * The whole app (store, router, layout, pages) at `path`, as a user gets it.
 * `mock="server"` keeps antd from injecting styles, which jsdom would only slow down.
 */
export function renderApp(path = '/') {
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <StyleProvider mock="server">
      <App store={store} router={router} />
    </StyleProvider>,
  );
  return { ...view, store, router };
}
