import { describe, expect, it } from '@jest/globals';
import { ACCOUNT_PENDING_DELETION } from '@jokes/contracts';
import { AuthApiError } from '@supabase/supabase-js';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { anAppUser, answerSync, requestsTo } from '../../testing/accounts';
import { notifications } from '../../testing/antd';
import { fakeApi, json } from '../../testing/fake-api';
import { FakeAuthClient } from '../../testing/fake-auth-client';
import { catalogue } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

const EMAIL = 'ana@example.com';
const PASSWORD = 'secret1';

/** GoTrue's answer to the right password for an account scheduled for deletion, as supabase-js reports it. */
const pendingDeletion = () => new AuthApiError('This account is scheduled for deletion on 2026-12-23.', 400, ACCOUNT_PENDING_DELETION);

const loginPanel = () => screen.getByRole('tabpanel', { name: 'Login' });
const offer = () => within(loginPanel()).queryByRole('button', { name: /Cancel deletion and sign in/ });

async function signInToPendingAccount() {
  const auth = new FakeAuthClient();
  const user = auth.withAccount(EMAIL, PASSWORD);
  auth.failNext('signInWithPassword', pendingDeletion());
  const server = answerSync(fakeApi().on('GET /api/comedians', () => json(catalogue)), () => anAppUser(user));
  const view = renderApp('/auth', { auth });
  await screen.findByRole('tab', { name: 'Login' });
  fireEvent.change(within(loginPanel()).getByLabelText('Email'), { target: { value: ` ${EMAIL} ` } });
  fireEvent.change(within(loginPanel()).getByLabelText('Password'), { target: { value: PASSWORD } });
  fireEvent.click(within(loginPanel()).getByRole('button', { name: 'Login' }));
  await waitFor(() => expect(offer()).not.toBeNull());
  return { ...view, auth, server };
}

describe('/auth, signing in to an account scheduled for deletion', () => {
  it('names the erasure date in the server words and offers to cancel the deletion', async () => {
    await signInToPendingAccount();

    expect(notifications().textContent).toBe('Account Scheduled for DeletionThis account is scheduled for deletion on 2026-12-23.');
    expect(within(loginPanel()).getByRole('alert').textContent).toContain('This account is scheduled for deletion.');
  });

  it('cancels with the e-mail and password just typed, then signs in and goes home', async () => {
    const { auth, server, router } = await signInToPendingAccount();
    server.on('POST /api/account/cancel-deletion', () => json({ restored: true }));

    fireEvent.click(offer()!);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: EMAIL })).toBeTruthy();
    const cancellations = requestsTo(server, 'POST /api/account/cancel-deletion');
    expect(cancellations).toHaveLength(1);
    expect(await cancellations[0]!.json()).toEqual({ email: EMAIL, password: PASSWORD });
    expect(auth.calls.filter((call) => call.method === 'signInWithPassword').map((call) => call.args)).toEqual([
      [{ email: EMAIL, password: PASSWORD }],
      [{ email: EMAIL, password: PASSWORD }],
    ]);
    expect(notifications().textContent).toBe('Deletion CanceledYour account is kept. Welcome back!');
  });

  it('keeps the offer and says why when the cancellation is refused', async () => {
    const { auth, server, router } = await signInToPendingAccount();
    server.on('POST /api/account/cancel-deletion', () =>
      json({ error: 'Invalid login credentials', message: 'Invalid login credentials' }, { status: 400 }),
    );

    fireEvent.click(offer()!);

    await waitFor(() => expect(notifications().textContent).toBe('Cancellation FailedInvalid login credentials'));
    expect(offer()).not.toBeNull();
    expect(router.state.location.pathname).toBe('/auth');
    expect(auth.calls.filter((call) => call.method === 'signInWithPassword')).toHaveLength(1);
  });

  it('withdraws the offer once the credentials are changed', async () => {
    await signInToPendingAccount();

    fireEvent.change(within(loginPanel()).getByLabelText('Password'), { target: { value: 'another1' } });

    await waitFor(() => expect(offer()).toBeNull());
  });
});
