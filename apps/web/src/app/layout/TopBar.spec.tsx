import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { anAppUser, answerSync } from '../../testing/accounts';
import { fakeApi, json } from '../../testing/fake-api';
import { FakeAuthClient } from '../../testing/fake-auth-client';
import { catalogue } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

const EMAIL = 'ana@example.com';

async function renderLoggedIn(path = '/', roles = ['user'], subscribed = false) {
  const auth = new FakeAuthClient();
  const user = auth.signedInAs(EMAIL);
  answerSync(fakeApi().on('GET /api/comedians', () => json(catalogue)), () =>
    anAppUser(user, { roles, has_active_subscription: subscribed }),
  );
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

  it("leads a Pro user's Subscribe to their subscription card, not to the free trial offer", async () => {
    const { nav, router } = await renderLoggedIn('/', ['user'], true);
    await screen.findByLabelText('Subscription: Active');

    const subscribe = within(nav).getByRole('link', { name: 'Subscribe' });
    expect(subscribe.getAttribute('href')).toBe('/account#subscription-management');
    fireEvent.click(subscribe);

    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    const card = await screen.findByRole('region', { name: 'Subscription Management' });
    await waitFor(() => expect(document.activeElement).toBe(card));
    expect(screen.queryByRole('dialog', { name: 'Upgrade to Pro' })).toBeNull();
  });

  it('brings a Pro user back to the card on a second press, from the account page itself', async () => {
    const { nav } = await renderLoggedIn('/account', ['user'], true);
    const card = await screen.findByRole('region', { name: 'Subscription Management' });
    const subscribe = await within(nav).findByRole('link', { name: 'Subscribe' });

    fireEvent.click(subscribe);
    await waitFor(() => expect(document.activeElement).toBe(card));
    (document.activeElement as HTMLElement).blur();
    fireEvent.click(subscribe);

    await waitFor(() => expect(document.activeElement).toBe(card));
  });

  it("offers My Account, Voice Settings and Logout under the user's e-mail", async () => {
    const { nav } = await renderLoggedIn();

    fireEvent.click(within(nav).getByRole('button', { name: EMAIL }));

    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['My Account', 'Voice Settings', 'Logout']);
  });

  it('heads the account menu with the e-mail, for phones where the button shows only its icon', async () => {
    const { nav } = await renderLoggedIn();

    fireEvent.click(within(nav).getByRole('button', { name: EMAIL }));

    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText(EMAIL)).toBeTruthy();
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
    [['support'], ['Subscription Audit', 'Reported Jokes']],
    [['analyst'], ['Analytics Dashboard']],
    [['admin'], ['Subscription Audit', 'Reported Jokes', 'Analytics Dashboard']],
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
