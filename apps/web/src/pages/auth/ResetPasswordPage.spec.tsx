import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PASSWORD_RESET_FLAG_KEY, RESET_EMAIL_KEY } from '../../features/accounts/utils/reset-markers';
import { anAppUser, answerSync, requestsTo } from '../../testing/accounts';
import { fakeApi, json, type FakeApi } from '../../testing/fake-api';
import { FakeAuthClient } from '../../testing/fake-auth-client';
import { renderApp } from '../../testing/render-app';

const EMAIL = 'ana@example.com';
const RECOVERY_HASH = '#access_token=recovery-at&refresh_token=rt&expires_in=3600&token_type=bearer&type=recovery';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

function setPassword(password: string, confirmation = password) {
  fireEvent.change(screen.getByLabelText('New Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
}

async function renderReset(address: string, { auth = new FakeAuthClient(), server = fakeApi() }: { auth?: FakeAuthClient | null; server?: FakeApi } = {}) {
  const view = renderApp(address, { auth });
  await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
  return { ...view, server };
}

const bodiesOf = (server: FakeApi, route: string) => Promise.all(requestsTo(server, route).map((request) => request.json()));

describe('/reset-password-confirm', () => {
  it('without a token: says so, offers a new link and goes to /auth?mode=reset after 3 s', async () => {
    const { router } = await renderReset('/reset-password-confirm');

    expect(screen.getByRole('alert').textContent).toBe('Missing or invalid reset token. Please request a new password reset link.');
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe('/auth?mode=reset');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/auth?mode=reset'), {
      timeout: 4_000,
    });
  });

  it('says an expired link has expired', async () => {
    await renderReset('/reset-password-confirm#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');

    expect(screen.getByRole('alert').textContent).toBe('Your reset link has expired. Please request a new one.');
  });

  it('says so when authentication could not start', async () => {
    await renderReset(`/reset-password-confirm${RECOVERY_HASH}`, { auth: null });

    expect(screen.getByRole('alert').textContent).toBe('Server error: Unable to initialize authentication.');
  });

  it('warns of an odd hash but still offers the form', async () => {
    await renderReset('/reset-password-confirm#access_token=at&type=signup');

    expect(screen.getByText('The reset link appears to be invalid. You can still try to reset your password.')).toBeTruthy();
    expect(screen.getByLabelText('New Password')).toBeTruthy();
  });

  it('checks the new password (SPEC 5)', async () => {
    await renderReset(`/reset-password-confirm${RECOVERY_HASH}`);

    setPassword('short', 'short');
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeTruthy();

    setPassword('long-enough', 'different');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
  });

  it('(a) with a session: updates through the auth client, then /auth after 2 s (which sends a logged-in user home)', async () => {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs(EMAIL);
    const server = answerSync(fakeApi(), () => anAppUser(user));
    const { router } = await renderReset(`/reset-password-confirm${RECOVERY_HASH}`, { auth, server });

    setPassword('brand-new-pass');

    expect(await screen.findByText('Password updated')).toBeTruthy();
    expect(auth.passwordOf(EMAIL)).toBe('brand-new-pass');
    expect(requestsTo(server, 'POST /api/auth/reset-password')).toHaveLength(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3_000 });
  });

  it('(b) without a session: uses the product endpoint with the hash token, signs out and marks the reset', async () => {
    const auth = new FakeAuthClient();
    const server = fakeApi().on('POST /api/auth/reset-password', () => json({ success: true, message: 'Password updated' }));
    const { router } = await renderReset(`/reset-password-confirm${RECOVERY_HASH}`, { auth, server });

    setPassword('brand-new-pass');

    expect(await screen.findByText('Password updated')).toBeTruthy();
    expect(await bodiesOf(server, 'POST /api/auth/reset-password')).toEqual([{ token: 'recovery-at', password: 'brand-new-pass' }]);
    expect(auth.calls.map(({ method }) => method)).toEqual(['signOut']);
    expect(sessionStorage.getItem(PASSWORD_RESET_FLAG_KEY)).toBe('true');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'), { timeout: 3_000 });
  });

  it('(c) with a code: uses the product endpoint with the code, then signs out', async () => {
    const auth = new FakeAuthClient();
    const server = fakeApi().on('POST /api/auth/reset-password', () => json({ success: true, message: 'Password updated' }));
    await renderReset('/reset-password-confirm?code=pkce-code', { auth, server });

    setPassword('brand-new-pass');

    expect(await screen.findByText('Password updated')).toBeTruthy();
    expect(await bodiesOf(server, 'POST /api/auth/reset-password')).toEqual([{ token: 'pkce-code', password: 'brand-new-pass' }]);
    expect(auth.calls.map(({ method }) => method)).toEqual(['signOut']);
  });

  it.each([
    ['Invalid or expired token', 'Your reset link has expired. Please request a new one.'],
    ['No session found for this token', 'Session verification failed. Try clicking the reset link in your email again.'],
    ['Something else', 'Failed to update password. Please request a new reset link.'],
  ])('words the failure "%s"', async (serverMessage, shown) => {
    const server = fakeApi().on('POST /api/auth/reset-password', () => json({ error: 'Reset failed', message: serverMessage }, { status: 400 }));
    await renderReset(`/reset-password-confirm${RECOVERY_HASH}`, { server });

    setPassword('brand-new-pass');

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(shown));
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeTruthy();
  });

  it("on a 'verify' failure: the fallback reset with the remembered e-mail, then /auth?password_reset=success", async () => {
    localStorage.setItem(RESET_EMAIL_KEY, EMAIL);
    const server = fakeApi()
      .on('POST /api/auth/reset-password', () => json({ error: 'Unable to verify recovery token' }, { status: 401 }))
      .on('POST /api/auth/sync-password-reset', () => json({ success: true, message: 'Password updated' }));
    const { router } = await renderReset('/reset-password-confirm?code=pkce-code', { server });

    setPassword('brand-new-pass');

    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/auth'));
    expect(await bodiesOf(server, 'POST /api/auth/sync-password-reset')).toEqual([
      { token: 'pkce-code', password: 'brand-new-pass', user_email: EMAIL },
    ]);
    expect(screen.getByText('Your password has been successfully updated. Please log in with your new password.')).toBeTruthy();
  });
});
