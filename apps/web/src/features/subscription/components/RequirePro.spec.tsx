import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { anAppUser, answerSync } from '../../../testing/accounts';
import { answerSubscription, aSubscriptionRow } from '../../../testing/billing';
import { fakeApi, json } from '../../../testing/fake-api';
import { FakeAuthClient } from '../../../testing/fake-auth-client';
import { catalogue } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const EMAIL = 'ana@example.com';
const api = () => fakeApi().on('GET /api/comedians', () => json(catalogue)).on('GET /api/jokes/history', () => json([]));

describe.each([
  ['/history', 'Joke History'],
  ['/voice-settings', 'Voice Settings'],
])('Pro route gate on %s', (path, heading) => {
  it('shows a spinner while the session and its subscription are being read', async () => {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs(EMAIL);
    let answer: (response: Response) => void = () => undefined;
    api().on('POST /api/sync-user', () => new Promise<Response>((resolve) => (answer = resolve)));
    const { router } = renderApp(path, { auth });

    expect(await screen.findByLabelText('Checking your subscription')).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);

    answer(json(anAppUser(user, { has_active_subscription: true })));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it('sends a logged-out visitor to /auth', async () => {
    api();
    const { router } = renderApp(path);

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('opens the subscription prompt and goes home for a user without a subscription', async () => {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs(EMAIL);
    answerSync(api(), () => anAppUser(user));
    const { router } = renderApp(path, { auth });

    expect(await screen.findByRole('dialog', { name: 'Upgrade to Pro' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets a subscriber in, a past_due one too', async () => {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs(EMAIL);
    answerSubscription(
      answerSync(api(), () => anAppUser(user)),
      (userId) => [aSubscriptionRow(userId, { status: 'past_due' })],
    );
    const { router } = renderApp(path, { auth });

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
