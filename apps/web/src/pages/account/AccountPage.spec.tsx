import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { SubscriptionDetail, SubscriptionRow } from '@jokes/contracts';
import { AuthApiError } from '@supabase/supabase-js';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { anAppUser, answerSync, requestsTo } from '../../testing/accounts';
import { notifications } from '../../testing/antd';
import { answerSubscription, aSubscriptionDetail, aSubscriptionRow } from '../../testing/billing';
import { fakeApi, json } from '../../testing/fake-api';
import { FakeAuthClient } from '../../testing/fake-auth-client';
import { renderApp } from '../../testing/render-app';

const EMAIL = 'ana@example.com';

interface AccountSetup {
  subscribed?: boolean;
  /** The subscription reads; without them they answer 404, as before billing. */
  rows?: (userId: string) => SubscriptionRow[];
  detail?: (userId: string) => SubscriptionDetail;
}

async function renderAccount({ subscribed = false, rows, detail }: AccountSetup = {}) {
  const auth = new FakeAuthClient();
  const user = auth.signedInAs(EMAIL);
  const server = answerSync(fakeApi(), () => anAppUser(user, { username: 'ana_the_analyst', has_active_subscription: subscribed }));
  if (rows) answerSubscription(server, rows, detail);
  const view = renderApp('/account', { auth });
  await screen.findByRole('heading', { level: 1, name: 'My Account' });
  return { ...view, auth, server, user };
}

const management = () => screen.getByRole('region', { name: 'Subscription Management' });
const detailOf = (label: string) =>
  within(management()).getByText(label, { selector: '.ant-descriptions-item-label' }).nextElementSibling?.textContent;

function changePassword(password: string, confirmation = password) {
  fireEvent.click(screen.getByRole('tab', { name: 'Password' }));
  fireEvent.change(screen.getByLabelText('New Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
}

describe('/account', () => {
  it('needs a login', async () => {
    fakeApi();
    const { router } = renderApp('/account');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it("shows the user's e-mail, username and subscription status", async () => {
    await renderAccount();

    expect(screen.getAllByText(EMAIL).length).toBeGreaterThan(0);
    expect(screen.getByText('ana_the_analyst')).toBeTruthy();
    expect(screen.getByLabelText('Subscription: Inactive')).toBeTruthy();
    const management = screen.getByRole('region', { name: 'Subscription Management' });
    expect(within(management).getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscribe');
  });

  it('shows an active subscription as Active', async () => {
    await renderAccount({ subscribed: true });

    expect(screen.getByLabelText('Subscription: Active')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Subscribe Now' })).toBeNull();
  });

  it('checks the new password (SPEC 5)', async () => {
    await renderAccount();

    changePassword('short', 'short');
    expect((await screen.findAllByText('Password must be at least 6 characters')).length).toBe(2);

    changePassword('long-enough', 'different');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
  });

  it('changes the password', async () => {
    const { auth } = await renderAccount();

    changePassword('brand-new-pass');

    await waitFor(() => expect(notifications().textContent).toBe('Password UpdatedYour password has been successfully updated.'));
    expect(auth.passwordOf(EMAIL)).toBe('brand-new-pass');
  });

  it('says Password Update Failed when the change is refused', async () => {
    const { auth } = await renderAccount();
    auth.failNext('updateUser', new AuthApiError('New password should be different from the old password.', 422, 'same_password'));

    changePassword('brand-new-pass');

    await waitFor(() =>
      expect(notifications().textContent).toBe('Password Update FailedNew password should be different from the old password.'),
    );
  });
});

describe('/account, Subscription Management', () => {
  const realOpen = window.open;
  afterEach(() => {
    window.open = realOpen;
  });

  /** window.open as a browser does it: a blank tab the page then sends somewhere. */
  function stubNewTab() {
    const tab = { opener: {} as unknown, location: { href: '' }, close: jest.fn() };
    window.open = jest.fn(() => tab as unknown as Window);
    return tab;
  }

  const trialing = {
    subscribed: true,
    rows: (userId: string) => [aSubscriptionRow(userId, { status: 'trialing', plan: 'yearly' })],
    detail: () => aSubscriptionDetail('trialing', { plan: 'yearly', currentPeriodEnd: '2026-03-04T12:00:00.000Z', cancelAtPeriodEnd: true }),
  };

  it('shows the status, whether it is active, the plan, the period end and a scheduled cancellation', async () => {
    await renderAccount(trialing);

    await waitFor(() => expect(detailOf('Status')).toBe('Trialing'));
    expect(detailOf('Active')).toBe('Yes');
    expect(detailOf('Plan')).toBe('Pro (Yearly)');
    expect(detailOf('Current period end')).toBe(new Date('2026-03-04T12:00:00.000Z').toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }));
    expect(detailOf('Cancels at period end')).toBe('Yes');
    expect(within(management()).getByRole('button', { name: 'Manage Subscription' })).toBeTruthy();
    expect(within(management()).queryByRole('link', { name: 'Subscribe Now' })).toBeNull();
  });

  it('counts only active and trialing: past due is Inactive here, though it can still be managed', async () => {
    await renderAccount({
      subscribed: true,
      rows: (userId) => [aSubscriptionRow(userId, { status: 'past_due' })],
      detail: () => aSubscriptionDetail('past_due'),
    });

    expect(await screen.findByLabelText('Subscription: Inactive')).toBeTruthy();
    await waitFor(() => expect(detailOf('Status')).toBe('Past due'));
    expect(detailOf('Active')).toBe('No');
    expect(within(management()).getByRole('button', { name: 'Manage Subscription' })).toBeTruthy();
  });

  it('offers Subscribe Now to a user without a subscription', async () => {
    await renderAccount({ rows: () => [], detail: () => aSubscriptionDetail(null) });

    await waitFor(() => expect(detailOf('Status')).toBe('None'));
    expect(within(management()).getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscribe');
    expect(within(management()).queryByRole('button', { name: 'Manage Subscription' })).toBeNull();
  });

  it('Sync Status syncs the user again and reads the subscription afresh', async () => {
    let status: 'trialing' | null = null;
    const { server } = await renderAccount({
      rows: (userId) => (status ? [aSubscriptionRow(userId, { status })] : []),
      detail: () => aSubscriptionDetail(status),
    });
    await waitFor(() => expect(detailOf('Status')).toBe('None'));
    status = 'trialing';

    fireEvent.click(within(management()).getByRole('button', { name: 'Sync Status' }));

    await waitFor(() => expect(notifications().textContent).toBe('Subscription SyncedYour subscription status is up to date.'));
    expect(detailOf('Status')).toBe('Trialing');
    expect(screen.getByLabelText('Subscription: Active')).toBeTruthy();
    expect(requestsTo(server, 'POST /api/sync-user')).toHaveLength(2);
  });

  it('says No Subscription Found when Sync Status finds none', async () => {
    await renderAccount({ rows: () => [], detail: () => aSubscriptionDetail(null) });
    await waitFor(() => expect(detailOf('Status')).toBe('None'));

    fireEvent.click(within(management()).getByRole('button', { name: 'Sync Status' }));

    await waitFor(() => expect(notifications().textContent).toBe('No Subscription FoundThis account has no subscription yet.'));
  });

  it('says Retrieval Failed when Sync Status cannot read, and keeps what it showed', async () => {
    const { server } = await renderAccount(trialing);
    await waitFor(() => expect(detailOf('Status')).toBe('Trialing'));
    server.on('GET /api/subscription-status', () => json({ error: 'down' }, { status: 503 }));

    fireEvent.click(within(management()).getByRole('button', { name: 'Sync Status' }));

    await waitFor(() =>
      expect(notifications().textContent).toBe('Retrieval FailedWe could not retrieve your subscription status. Please try again.'),
    );
    expect(screen.getByLabelText('Subscription: Active')).toBeTruthy();
  });

  it('opens the billing portal in a new tab from Manage Subscription', async () => {
    const { server, user } = await renderAccount(trialing);
    server.on('POST /api/billing-portal', () => json({ url: 'http://localhost/api/local-billing/portal/bps_1' }));
    const tab = stubNewTab();

    fireEvent.click(await within(management()).findByRole('button', { name: 'Manage Subscription' }));

    await waitFor(() => expect(tab.location.href).toBe('http://localhost/api/local-billing/portal/bps_1'));
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(await requestsTo(server, 'POST /api/billing-portal')[0]?.json()).toEqual({
      user_id: user.id,
      return_url: `${window.location.origin}/account`,
    });
  });

  it('says Portal Redirect Failed, and closes the tab, when no portal opens', async () => {
    const { server } = await renderAccount(trialing);
    server.on('POST /api/billing-portal', () => json({ error: 'No Subscription Found', code: 'subscription_not_found' }, { status: 404 }));
    const tab = stubNewTab();

    fireEvent.click(await within(management()).findByRole('button', { name: 'Manage Subscription' }));

    await waitFor(() => expect(notifications().textContent).toBe('Portal Redirect FailedNo Subscription Found'));
    expect(tab.close).toHaveBeenCalled();
  });
});

