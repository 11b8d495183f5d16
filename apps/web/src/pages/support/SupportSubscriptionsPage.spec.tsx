import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { anAppUser, answerSync, requestsTo } from '../../testing/accounts';
import { fakeApi, json } from '../../testing/fake-api';
import { FakeAuthClient } from '../../testing/fake-auth-client';
import { catalogue } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';
import { aSubscriptionHistory } from '../../testing/support';

const EMAIL = 'sam@example.com';
const CUSTOMER = 'ana@example.com';
const CUSTOMER_ID = '3f2c9a1e-0000-4000-8000-000000000001';

function signedInWithRoles(roles: string[]) {
  const auth = new FakeAuthClient();
  const user = auth.signedInAs(EMAIL);
  const server = answerSync(
    fakeApi().on('GET /api/comedians', () => json(catalogue)),
    () => anAppUser(user, { roles }),
  );
  return { auth, server };
}

async function lookUp(query: string) {
  fireEvent.change(await screen.findByLabelText('E-mail or user id'), { target: { value: query } });
  fireEvent.click(screen.getByRole('button', { name: /Look up/ }));
}

describe('/support/subscriptions', () => {
  it('is Page Not Found for a user without the support or admin role', async () => {
    const { auth } = signedInWithRoles(['user', 'analyst']);
    renderApp('/support/subscriptions', { auth });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
  });

  it('sends a logged-out visitor to /auth', async () => {
    fakeApi().on('GET /api/comedians', () => json(catalogue));
    const { router } = renderApp('/support/subscriptions');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it.each([['support'], ['admin']])('looks a user up by e-mail for the %s role and shows their timeline', async (role) => {
    const { auth, server } = signedInWithRoles([role]);
    server.on('GET /api/support/subscription-history', () => json(aSubscriptionHistory(CUSTOMER_ID)));
    renderApp('/support/subscriptions', { auth });

    await lookUp(` ${CUSTOMER} `);

    const history = await screen.findByRole('region', { name: 'Subscription history' });
    expect(within(history).getAllByRole('article')).toHaveLength(3);
    const [request] = requestsTo(server, 'GET /api/support/subscription-history');
    expect(new URL(request!.url).searchParams.get('email')).toBe(CUSTOMER);
  });

  it('looks a user up by id, reading afresh every time', async () => {
    const { auth, server } = signedInWithRoles(['support']);
    server.on(`GET /api/support/users/${CUSTOMER_ID}/subscription-history`, () => json(aSubscriptionHistory(CUSTOMER_ID)));
    renderApp('/support/subscriptions', { auth });

    await lookUp(CUSTOMER_ID);
    await screen.findByRole('region', { name: 'Subscription history' });
    await lookUp(CUSTOMER_ID);

    await waitFor(() => expect(requestsTo(server, `GET /api/support/users/${CUSTOMER_ID}/subscription-history`)).toHaveLength(2));
  });

  it('says who may look when the server refuses (403)', async () => {
    const { auth, server } = signedInWithRoles(['support']);
    server.on('GET /api/support/subscription-history', () => json({ error: 'Forbidden' }, { status: 403 }));
    renderApp('/support/subscriptions', { auth });

    await lookUp(CUSTOMER);

    expect((await screen.findByRole('alert')).textContent).toBe(
      'You do not have access to the subscription audit (support or admin role required).',
    );
  });

  it('says when no account uses the e-mail (404)', async () => {
    const { auth, server } = signedInWithRoles(['support']);
    server.on('GET /api/support/subscription-history', () => json({ error: 'Not Found' }, { status: 404 }));
    renderApp('/support/subscriptions', { auth });

    await lookUp(CUSTOMER);

    expect((await screen.findByRole('alert')).textContent).toBe('No account uses that e-mail address.');
  });
});
