import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { useAuth } from '../../../shared/auth/use-auth';
import { anAppUser, answerSync, requestsTo } from '../../../testing/accounts';
import { notifications } from '../../../testing/antd';
import { fakeApi, json } from '../../../testing/fake-api';
import { FakeAuthClient } from '../../../testing/fake-auth-client';
import { catalogue } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { markPasswordReset, PASSWORD_RESET_FLAG_KEY } from '../utils/reset-markers';

const EMAIL = 'ana@example.com';
const api = () => fakeApi().on('GET /api/comedians', () => json(catalogue));
const mainNav = () => screen.findByRole('navigation', { name: 'Main' });

afterEach(() => sessionStorage.clear());

describe('auth provider', () => {
  it('syncs a stored session at start-up, with the bearer token, and shows the user', async () => {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs(EMAIL);
    const server = answerSync(api(), () => anAppUser(user));
    renderApp('/', { auth });

    expect(await within(await mainNav()).findByRole('button', { name: EMAIL })).toBeTruthy();
    const [sync] = requestsTo(server, 'POST /api/sync-user');
    expect(sync?.headers.get('authorization')).toBe(`Bearer access-${user.id}`);
    expect(sync?.credentials).toBe('include');
    expect(await sync?.json()).toEqual({ id: user.id, email: EMAIL, username: 'ana', force_refresh: true });
  });

  it('says Sync Error when the start-up sync fails, and keeps the user logged in without a subscription', async () => {
    const auth = new FakeAuthClient();
    auth.signedInAs(EMAIL);
    api().on('POST /api/sync-user', () => json({ error: 'Not found' }, { status: 404 }));
    renderApp('/', { auth });

    await waitFor(() => expect(notifications().textContent).toBe('Sync ErrorThere was a problem syncing your account data.'));
    expect(within(await mainNav()).getByRole('button', { name: EMAIL })).toBeTruthy();
    expect(screen.getByLabelText('Subscription: Inactive')).toBeTruthy();
  });

  it('says Account Sync Issue when the sync after a login fails', async () => {
    const auth = new FakeAuthClient();
    auth.withAccount(EMAIL, 'secret1');
    api().on('POST /api/sync-user', () => new Response('', { status: 403, statusText: 'Forbidden' }));
    renderApp('/', { auth });
    await mainNav();

    await act(() => auth.client.signInWithPassword({ email: EMAIL, password: 'secret1' }));

    await waitFor(() =>
      expect(notifications().textContent).toBe(
        "Account Sync IssueYour login is successful but we're having trouble loading your account details.",
      ),
    );
    expect(within(await mainNav()).getByRole('button', { name: EMAIL })).toBeTruthy();
  });

  it('warns of limited functionality when the sync answers 500', async () => {
    const auth = new FakeAuthClient();
    auth.signedInAs(EMAIL);
    api().on('POST /api/sync-user', () => json({ error: 'Database down' }, { status: 500 }));
    renderApp('/', { auth });

    await waitFor(() =>
      expect(notifications().textContent).toBe(
        "Warning: Limited FunctionalityWe're having trouble connecting to our services. Some features may be unavailable.",
      ),
    );
    expect(screen.getByLabelText('Subscription: Inactive')).toBeTruthy();
  });

  it('counts only a literal true as subscribed', async () => {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs(EMAIL);
    answerSync(api(), () => anAppUser(user, { has_active_subscription: true }));
    renderApp('/', { auth });

    expect(await screen.findByLabelText('Subscription: Active')).toBeTruthy();
  });

  it('says Authentication Error when the auth client could not be created', async () => {
    api();
    renderApp('/', { auth: null });

    await waitFor(() =>
      expect(notifications().textContent).toBe('Authentication ErrorThere was a problem connecting to the authentication service.'),
    );
    expect(within(await mainNav()).getByRole('link', { name: 'Login / Register' })).toBeTruthy();
  });

  it('greets the first login after a password reset, then forgets the reset', async () => {
    const auth = new FakeAuthClient();
    const user = auth.withAccount(EMAIL, 'new-secret');
    answerSync(api(), () => anAppUser(user));
    markPasswordReset();
    renderApp('/', { auth });
    await mainNav();

    await act(() => auth.client.signInWithPassword({ email: EMAIL, password: 'new-secret' }));

    await waitFor(() => expect(within(notifications()).getByText('Login Successful')).toBeTruthy());
    expect(sessionStorage.getItem(PASSWORD_RESET_FLAG_KEY)).toBeNull();
  });

  it('logs out at the auth server, then through the API', async () => {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs(EMAIL);
    const server = answerSync(api(), () => anAppUser(user)).on('POST /api/logout', () => json({ success: true }));
    renderApp('/', { auth });

    fireEvent.click(await within(await mainNav()).findByRole('button', { name: EMAIL }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await within(await mainNav()).findByRole('link', { name: 'Login / Register' })).toBeTruthy();
    expect(auth.calls).toEqual([{ method: 'signOut', args: [] }]);
    expect(requestsTo(server, 'POST /api/logout')).toHaveLength(1);
    expect(auth.session).toBeNull();
  });

  it("forgets the signed-out user's cached answers, so the next person on this browser cannot see them", async () => {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs(EMAIL);
    answerSync(api(), () => anAppUser(user)).on('POST /api/logout', () => json({ success: true }));
    const { store } = renderApp('/', { auth });
    // What is cached for this person (their subscription rows, read at sign-in), the public catalogue and config aside.
    const personal = () => Object.keys(store.getState().api.queries).filter((key) => !/^(listComedians|getPublicConfig)\(/.test(key));
    await within(await mainNav()).findByRole('button', { name: EMAIL });
    await waitFor(() => expect(personal()).toContainEqual(expect.stringContaining(user.id)));

    fireEvent.click(await within(await mainNav()).findByRole('button', { name: EMAIL }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await within(await mainNav()).findByRole('link', { name: 'Login / Register' })).toBeTruthy();
    await waitFor(() => expect(personal()).toEqual([]));
  });

  it('forgets the session in this browser when the auth server cannot end it', async () => {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs(EMAIL);
    answerSync(api(), () => anAppUser(user)).on('POST /api/logout', () => json({ success: true }));
    renderApp('/', { auth });
    auth.failNext('signOut', new TypeError('Failed to fetch'));

    fireEvent.click(await within(await mainNav()).findByRole('button', { name: EMAIL }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(notifications().textContent).toBe('Sign Out FailedThere was a problem signing out. Please try again.'));
    expect(auth.calls).toEqual([
      { method: 'signOut', args: [] },
      { method: 'signOut', args: [{ scope: 'local' }] },
    ]);
    expect(auth.session).toBeNull();
    expect(within(await mainNav()).getByRole('link', { name: 'Login / Register' })).toBeTruthy();
  });

  it('clears the user even when logging out fails, and says so', async () => {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs(EMAIL);
    answerSync(api(), () => anAppUser(user)).on('POST /api/logout', () => json({ error: 'boom' }, { status: 500 }));
    renderApp('/', { auth });

    fireEvent.click(await within(await mainNav()).findByRole('button', { name: EMAIL }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(notifications().textContent).toBe('Sign Out FailedThere was a problem signing out. Please try again.'));
    expect(within(await mainNav()).getByRole('link', { name: 'Login / Register' })).toBeTruthy();
  });

  it('cannot be used outside its provider', () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
    quiet.mockRestore();
  });
});
