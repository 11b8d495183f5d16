import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { anAppUser, answerSync } from '../../testing/accounts';
import { fakeApi, json } from '../../testing/fake-api';
import { FakeAuthClient } from '../../testing/fake-auth-client';
import { catalogue } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

const EMAIL = 'ana@example.com';

async function renderLoggedIn(path = '/', roles = ['user']) {
  const auth = new FakeAuthClient();
  const user = auth.signedInAs(EMAIL);
  answerSync(fakeApi().on('GET /api/comedians', () => json(catalogue)), () => anAppUser(user, { roles }));
  const view = renderApp(path, { auth });
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await within(nav).findByRole('button', { name: EMAIL });
  return { ...view, nav };
}

describe('top bar, logged in', () => {
  it('links History to /history and opens the subscription prompt from Subscribe', async () => {
    const { nav } = await renderLoggedIn();

    expect(within(nav).getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/history');
    expect(within(nav).queryByRole('link', { name: 'Login / Register' })).toBeNull();
    fireEvent.click(within(nav).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('dialog', { name: 'Upgrade to Pro' })).toBeTruthy();
  });

  it("offers My Account, Voice Settings and Logout under the user's e-mail", async () => {
    const { nav } = await renderLoggedIn();

    fireEvent.click(within(nav).getByRole('button', { name: EMAIL }));

    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['My Account', 'Voice Settings', 'Logout']);
  });

  it('goes to the account page from the menu', async () => {
    const { nav, router } = await renderLoggedIn();

    fireEvent.click(within(nav).getByRole('button', { name: EMAIL }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'My Account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeTruthy();
  });

  it('goes to the voice settings from the menu', async () => {
    const { nav, router } = await renderLoggedIn();

    fireEvent.click(within(nav).getByRole('button', { name: EMAIL }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Voice Settings' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/voice-settings'));
  });

  it.each([
    [['support'], ['Subscription Audit']],
    [['analyst'], ['Trial Conversions']],
    [['admin'], ['Subscription Audit', 'Trial Conversions']],
  ])('adds the staff pages a user with %j may open', async (roles, staffItems) => {
    const { nav } = await renderLoggedIn('/', roles);

    fireEvent.click(within(nav).getByRole('button', { name: EMAIL }));

    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'My Account',
      'Voice Settings',
      ...staffItems,
      'Logout',
    ]);
  });

  it('goes to the subscription audit from the menu', async () => {
    const { nav, router } = await renderLoggedIn('/', ['support']);

    fireEvent.click(within(nav).getByRole('button', { name: EMAIL }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Subscription Audit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/support/subscriptions'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription Audit' })).toBeTruthy();
  });
});
