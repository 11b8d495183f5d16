import { afterEach, describe, expect, it } from '@jest/globals';
import { AuthApiError } from '@supabase/supabase-js';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SessionLifetimeRequest } from '../../features/accounts/auth-client/session-lifetime';
import { PASSWORD_RESET_FLAG_KEY } from '../../features/accounts/utils/reset-markers';
import { anAppUser, answerSync } from '../../testing/accounts';
import { notifications } from '../../testing/antd';
import { fakeApi, json } from '../../testing/fake-api';
import { FakeAuthClient } from '../../testing/fake-auth-client';
import { catalogue } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

const EMAIL = 'ana@example.com';
const api = () => fakeApi().on('GET /api/comedians', () => json(catalogue));

afterEach(() => sessionStorage.clear());

/** The visible tab's panel (antd keeps visited panes mounted). */
function activePanel(): HTMLElement {
  const panel = document.querySelector<HTMLElement>('[role="tabpanel"][aria-hidden="false"]');
  if (!panel) throw new Error('No active tab panel');
  return panel;
}

function fill(container: HTMLElement, label: string, value: string) {
  fireEvent.change(within(container).getByLabelText(label), { target: { value } });
}

async function renderAuth(path = '/auth', auth = new FakeAuthClient()) {
  const view = renderApp(path, { auth });
  await screen.findByRole('heading', { level: 1 });
  return { ...view, auth };
}

async function logIn(email: string, password: string) {
  await screen.findByRole('tab', { name: 'Login' });
  const panel = activePanel();
  fill(panel, 'Email', email);
  fill(panel, 'Password', password);
  fireEvent.click(within(panel).getByRole('button', { name: 'Login' }));
}

describe('/auth', () => {
  it('offers login with remember-me on, and registration with the 18+ confirmation', async () => {
    api();
    await renderAuth();

    expect((within(activePanel()).getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
    const register = activePanel();
    expect((within(register).getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement).checked).toBe(true);
    expect((within(register).getByRole('checkbox', { name: /18 years of age or older/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('words invalid input as SPEC 5 does', async () => {
    api();
    await renderAuth();

    await logIn('not-an-email', '12345');

    expect(await within(activePanel()).findByText('Please enter a valid email address')).toBeTruthy();
    expect(await within(activePanel()).findByText('Password must be at least 6 characters')).toBeTruthy();
  });

  it('logs in and goes home', async () => {
    const auth = new FakeAuthClient();
    const user = auth.withAccount(EMAIL, 'secret1');
    answerSync(api(), () => anAppUser(user));
    const { router } = await renderAuth('/auth', auth);

    await logIn(EMAIL, 'secret1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: EMAIL })).toBeTruthy();
  });

  it.each([
    ['on', null],
    ['off', 86_400],
  ])('asks for the session lifetime by remember-me (%s)', async (rememberMe, lifetime) => {
    const asked: (number | null)[] = [];
    class RecordingLifetime extends SessionLifetimeRequest {
      override during<T>(seconds: number | null, signIn: () => Promise<T>): Promise<T> {
        asked.push(seconds);
        return super.during(seconds, signIn);
      }
    }
    const auth = new FakeAuthClient();
    const user = auth.withAccount(EMAIL, 'secret1');
    answerSync(api(), () => anAppUser(user));
    renderApp('/auth', { auth, sessionLifetime: new RecordingLifetime() });
    await screen.findByRole('tab', { name: 'Login' });

    if (rememberMe === 'off') fireEvent.click(within(activePanel()).getByRole('checkbox', { name: 'Remember me' }));
    await logIn(EMAIL, 'secret1');

    await waitFor(() => expect(asked).toEqual([lifetime]));
  });

  it.each([
    ['email_not_confirmed', new AuthApiError('Email not confirmed', 400, 'email_not_confirmed'), 'Email Not Confirmed', 'Please check your email and confirm your account before logging in.'],
    ['invalid_credentials', new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'), 'Login Failed', 'Invalid email or password. Please try again.'],
    ['another error', new AuthApiError('Database error', 500, 'unexpected_failure'), 'Login Failed', 'Database error'],
  ])('tells why a login failed: %s', async (_case, error, title, description) => {
    api();
    const auth = new FakeAuthClient().failNext('signInWithPassword', error);
    await renderAuth('/auth', auth);

    await logIn(EMAIL, 'secret1');

    await waitFor(() => expect(notifications().textContent).toBe(`${title}${description}`));
  });

  it.each([
    [
      'wrong credentials',
      new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'),
      "Your email or password is incorrect. If you recently reset your password, please make sure you're using your new password.",
    ],
    ['another error', new AuthApiError('Database error', 500, 'unexpected_failure'), 'Login failed. Please try again.'],
  ])('words a failed login again on the form itself: %s', async (_case, error, formText) => {
    api();
    const auth = new FakeAuthClient().failNext('signInWithPassword', error);
    await renderAuth('/auth', auth);

    await logIn(EMAIL, 'secret1');

    expect((await within(activePanel()).findByRole('alert')).textContent).toBe(formText);
    fill(activePanel(), 'Password', 'secret2');
    await waitFor(() => expect(within(activePanel()).queryByRole('alert')).toBeNull());
  });

  it('after a reset: greets with the green message, drops the flag from the address and reminds of the new password', async () => {
    api();
    const auth = new FakeAuthClient();
    auth.withAccount(EMAIL, 'new-secret');
    const { router } = await renderAuth('/auth?password_reset=success', auth);

    expect(screen.getByText('Your password has been successfully updated. Please log in with your new password.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(sessionStorage.getItem(PASSWORD_RESET_FLAG_KEY)).toBe('true');

    await logIn(EMAIL, 'old-secret');

    await waitFor(() =>
      expect(notifications().textContent).toBe(
        "Login FailedIf you recently reset your password, please make sure you're using your new password from the reset email.",
      ),
    );
  });

  it('sends a reset code on to the reset page as a recovery token in the hash', async () => {
    api();
    const { router } = await renderAuth('/auth?code=abc-123');

    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password-confirm'));
    expect(router.state.location.hash).toBe('#access_token=abc-123&type=recovery');
  });

  it('sends a logged-in user home', async () => {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs(EMAIL);
    answerSync(api(), () => anAppUser(user));
    const { router } = renderApp('/auth', { auth });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('opens Forgot Password with mode=reset and sends the reset link', async () => {
    api();
    const { auth } = await renderAuth('/auth?mode=reset');

    fill(document.body, 'Email', ` ${EMAIL} `);
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    await waitFor(() => expect(notifications().textContent).toBe("Check your emailWe've sent you a password reset link."));
    expect(auth.calls).toEqual([
      { method: 'resetPasswordForEmail', args: [EMAIL, { redirectTo: `${window.location.origin}/reset-password-confirm` }] },
    ]);
  });

  it('says Password Reset Email Sent on the form once the reset link is sent', async () => {
    api();
    await renderAuth('/auth?mode=reset');

    fill(document.body, 'Email', ` ${EMAIL} `);
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    const sent = await screen.findByRole('alert');
    expect(within(sent).getByText('Password Reset Email Sent')).toBeTruthy();
    expect(sent.textContent).toContain(EMAIL);
  });

  it('says Password Reset Failed when the reset link cannot be sent', async () => {
    api();
    const auth = new FakeAuthClient().failNext('resetPasswordForEmail', new AuthApiError('Rate limit exceeded', 429, 'over_email_send_rate_limit'));
    await renderAuth('/auth', auth);

    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    fill(document.body, 'Email', EMAIL);
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    await waitFor(() => expect(notifications().textContent).toBe('Password Reset FailedRate limit exceeded'));
    expect(screen.queryByText('Password Reset Email Sent')).toBeNull();
  });

  describe('registration', () => {
    async function register(auth: FakeAuthClient, { adult }: { adult: boolean }) {
      await renderAuth('/auth', auth);
      fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
      const panel = activePanel();
      fill(panel, 'Email', EMAIL);
      fill(panel, 'Password', 'secret1');
      fireEvent.click(within(panel).getByRole('checkbox', { name: 'Remember me' }));
      if (adult) fireEvent.click(within(panel).getByRole('checkbox', { name: /18 years of age or older/ }));
      fireEvent.click(within(panel).getByRole('button', { name: 'Create Account' }));
      return panel;
    }

    it('needs the 18+ confirmation', async () => {
      api();
      const auth = new FakeAuthClient();
      const panel = await register(auth, { adult: false });

      expect(await within(panel).findByText('You must confirm that you are 18 or older')).toBeTruthy();
      expect(auth.calls).toEqual([]);
    });

    it('signs up with the confirmation redirect and the sign-up data, then asks to check the e-mail', async () => {
      api();
      const auth = new FakeAuthClient();
      await register(auth, { adult: true });

      await waitFor(() =>
        expect(notifications().textContent).toBe("Check your emailWe've sent you a confirmation link to complete your registration."),
      );
      expect(auth.calls).toEqual([
        {
          method: 'signUp',
          args: [
            {
              email: EMAIL,
              password: 'secret1',
              options: {
                emailRedirectTo: `${window.location.origin}/auth/confirm`,
                data: { email_confirm_requested: true, remember_me: false, age_confirmed: true },
              },
            },
          ],
        },
      ]);
    });

    it('says Registration Failed with the server message', async () => {
      api();
      const auth = new FakeAuthClient();
      auth.withAccount(EMAIL, 'other-pass');
      await register(auth, { adult: true });

      await waitFor(() => expect(notifications().textContent).toBe('Registration FailedUser already registered'));
    });
  });
});
