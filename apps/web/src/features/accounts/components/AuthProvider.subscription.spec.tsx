import { describe, expect, it } from '@jest/globals';
import type { SubscriptionStatusValue } from '@jokes/contracts';
import { screen, waitFor } from '@testing-library/react';
import { anAppUser, answerSync, requestsTo } from '../../../testing/accounts';
import { notifications } from '../../../testing/antd';
import { answerSubscription, aSubscriptionRow } from '../../../testing/billing';
import { fakeApi, json } from '../../../testing/fake-api';
import { FakeAuthClient } from '../../../testing/fake-auth-client';
import { catalogue } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const EMAIL = 'ana@example.com';

/** A signed-in user whose rows have these statuses (as the server might spell them). */
function withRows(statuses: string[], sync: 'ok' | 500 | 403 = 'ok', syncFlag = false) {
  const auth = new FakeAuthClient();
  const user = auth.signedInAs(EMAIL);
  const server = fakeApi().on('GET /api/comedians', () => json(catalogue));
  if (sync === 'ok') answerSync(server, () => anAppUser(user, { has_active_subscription: syncFlag }));
  else server.on('POST /api/sync-user', () => json({ error: 'Failed' }, { status: sync }));
  answerSubscription(server, (userId) =>
    statuses.map((status, index) => aSubscriptionRow(userId, { id: `row-${index}`, status: status as SubscriptionStatusValue })),
  );
  renderApp('/', { auth });
  return { server, user };
}

describe('subscribed, from the sync and the direct check together (SPEC 4)', () => {
  it('reads the rows directly, as the signed-in user, beside every sync', async () => {
    const { server, user } = withRows([]);

    await screen.findByLabelText('Subscription: Inactive');
    const [direct] = requestsTo(server, 'GET /api/subscriptions');
    expect(new URL(direct!.url).searchParams.get('user_id')).toBe(user.id);
    expect(direct?.headers.get('authorization')).toBe(`Bearer access-${user.id}`);
  });

  it.each(['active', 'trialing', 'past_due', 'TRIALING', 'Past_Due'])('counts a %s row even when the sync says false', async (status) => {
    withRows(['canceled', status]);

    expect(await screen.findByLabelText('Subscription: Active')).toBeTruthy();
  });

  it('does not count rows that are incomplete or canceled', async () => {
    withRows(['incomplete', 'canceled']);

    expect(await screen.findByLabelText('Subscription: Inactive')).toBeTruthy();
  });

  it('counts the sync alone when there are no rows', async () => {
    withRows([], 'ok', true);

    expect(await screen.findByLabelText('Subscription: Active')).toBeTruthy();
  });

  it('relies on the direct check when the sync answers 500', async () => {
    withRows(['past_due'], 500);

    await waitFor(() => expect(notifications().textContent).toContain('Warning: Limited Functionality'));
    expect(screen.getByLabelText('Subscription: Active')).toBeTruthy();
  });

  it('keeps the fallback user free when the sync fails otherwise (SPEC 8)', async () => {
    withRows(['active'], 403);

    await waitFor(() => expect(notifications().textContent).toContain('Sync Error'));
    expect(screen.getByLabelText('Subscription: Inactive')).toBeTruthy();
  });
});
