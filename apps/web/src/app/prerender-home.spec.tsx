import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { waitFor, within } from '@testing-library/react';
import { fakeApi, json } from '../testing/fake-api';
import { catalogue } from '../testing/fixtures';
import type { PrerenderedPage } from './prerender-home';
import { startApp } from './start';

/**
 * The build-time render, in a module registry of its own: React's server
 * renderer leaves context values behind in the modules it rendered with, which
 * the browser's renderer in this same process would then find (a build runs it
 * in a process of its own).
 */
async function renderHome(): Promise<PrerenderedPage> {
  let page: PrerenderedPage | undefined;
  await jest.isolateModulesAsync(async () => {
    page = await (await import('./prerender-home')).renderHome();
  });
  return page!;
}

/** A response that never comes: the auth config still on its way. */
const never = () => new Promise<Response>(() => undefined);

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
});

describe('the home page rendered at build time', () => {
  it('is the logged-out home page, with antd styles for it', async () => {
    const { html, styles } = await renderHome();
    const page = document.createElement('div');
    page.innerHTML = html;

    expect(within(page).getByRole('heading', { level: 1, name: 'AI Stand-Up Joke Generator' })).toBeTruthy();
    expect(within(page).getByRole('link', { name: 'Login / Register' })).toBeTruthy();
    expect(within(page).getByRole('combobox', { name: 'Comedian style' })).toBeTruthy();
    // Held until the catalogue is in, as in the browser's own first render.
    expect(within(page).getByRole('button', { name: 'Generate Joke' }).hasAttribute('disabled')).toBe(true);
    expect(styles).toContain('.ant-btn');
  });

  it('is taken over by the app as it is (the same elements), and works before the auth config has arrived', async () => {
    fakeApi()
      .on('GET /api/config', never)
      .on('GET /api/comedians', () => json(catalogue));
    const { html } = await renderHome();
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    container.inert = true;
    const heading = container.querySelector('h1');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);

    startApp(container, true);

    await waitFor(() => expect(container.inert).toBe(false));
    const makeMeLaugh = within(container).getByRole('button', { name: 'Make Me Laugh' });
    await waitFor(() => expect(makeMeLaugh.hasAttribute('disabled')).toBe(false));
    expect(container.querySelector('h1')).toBe(heading);
    expect(within(container).getByRole('link', { name: 'Login / Register' })).toBeTruthy();
    // React reports a page it could not take over (a hydration mismatch) as an error.
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
