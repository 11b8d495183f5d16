import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { anAppUser, answerSync, requestsTo } from '../../testing/accounts';
import { fakeApi, json } from '../../testing/fake-api';
import { FakeAuthClient } from '../../testing/fake-auth-client';
import { catalogue } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

function signedInWithRoles(roles: string[]) {
  const auth = new FakeAuthClient();
  const user = auth.signedInAs('ann@example.com');
  const server = answerSync(fakeApi().on('GET /api/comedians', () => json(catalogue)), () => anAppUser(user, { roles }));
  return { auth, server };
}

describe('/analytics', () => {
  it('is Page Not Found for a user without the analyst or admin role', async () => {
    const { auth } = signedInWithRoles(['support']);
    renderApp('/analytics', { auth });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
  });

  it('shows the trial conversions per day and plan to an analyst', async () => {
    const { auth, server } = signedInWithRoles(['analyst']);
    server.on('GET /api/analytics/trial-conversions', () =>
      json({ days: [{ day: '2026-03-01', plan: 'yearly', trials_started: 4, trials_converted: 3, trials_canceled: 1 }] }),
    );
    renderApp('/analytics', { auth });

    expect(await screen.findByRole('heading', { level: 1, name: 'Trial Conversions' })).toBeTruthy();
    expect(await screen.findByRole('cell', { name: '2026-03-01' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'yearly' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('75%')).toBeTruthy());
    expect(requestsTo(server, 'GET /api/analytics/trial-conversions')).toHaveLength(1);
  });
});
