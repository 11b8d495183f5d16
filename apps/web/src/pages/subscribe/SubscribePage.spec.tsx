import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { requestsTo } from '../../testing/accounts';
import { notifications } from '../../testing/antd';
import { aCheckout, declined } from '../../testing/billing';
import { fakeApi, json } from '../../testing/fake-api';
import { catalogue } from '../../testing/fixtures';
import { alertText, bodiesOf, enterCard, field, openPlanPage, PLAN_PAGE_EMAIL as EMAIL, subscribeNow, type } from '../../testing/plan-page';
import { renderApp } from '../../testing/render-app';

afterEach(() => {
  jest.useRealTimers();
});

describe('/subscribe, logged out', () => {
  it('asks the visitor to log in', async () => {
    fakeApi().on('GET /api/comedians', () => json(catalogue));
    renderApp('/subscribe');

    expect(await screen.findByRole('heading', { level: 1, name: 'Please Log In' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Login / Register' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('button', { name: /Subscribe Now/ })).toBeNull();
  });
});

describe('/subscribe, the plan', () => {
  it('offers monthly and yearly billing, the trial, and no choice is needed for monthly', async () => {
    await openPlanPage();

    const plans = screen.getByRole('radiogroup', { name: 'Billing period' });
    expect(within(plans).getByRole('radio', { name: /Monthly/ }).closest('label')?.textContent).toContain('$4.99/month');
    const yearly = within(plans).getByRole('radio', { name: /Yearly/ }).closest('label')?.textContent ?? '';
    expect(yearly).toContain('$2.49/month');
    expect(yearly).toContain('billed $29.99/year');
    expect(yearly).toContain('Save 50%');
    expect(screen.getByText('3-day free trial, cancel anytime.')).toBeTruthy();
    expect(within(plans).getByRole<HTMLInputElement>('radio', { name: /Monthly/ }).checked).toBe(true);
  });

  it('highlights ROCKY17 in any casing as a discount, and nothing else', async () => {
    await openPlanPage();

    await type('Promo code (optional)', '  rocky17 ');
    expect((await screen.findByRole('status')).textContent).toBe('ROCKY17: 17% off$4.14/month with this code');

    fireEvent.click(screen.getByRole('radio', { name: /Yearly/ }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('$24.89/year with this code'));

    await type('Promo code (optional)', 'ROCKY18');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});

describe('/subscribe, the card form (local provider)', () => {
  it('formats the card as typed', async () => {
    await openPlanPage();
    await enterCard('4242424242424242', '1234', '12345');

    expect(field('Card number').value).toBe('4242 4242 4242 4242');
    expect(field('Expiry date').value).toBe('12/34');
    expect(field('Expiry date').getAttribute('placeholder')).toBe('MM/YY');
    expect(field('CVC').value).toBe('123');
  });

  it('says at once when a card number cannot be right', async () => {
    await openPlanPage();
    await enterCard('4242424242424241');

    expect(await screen.findByText('Your card number is invalid.')).toBeTruthy();
  });

  it('waits for the field to be left before saying it is incomplete', async () => {
    await openPlanPage();
    await screen.findByLabelText('Card number');

    await type('Card number', '4242 42');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Your card number is incomplete.')).toBeNull();

    await act(async () => {
      fireEvent.blur(field('Card number'));
    });
    expect(await screen.findByText('Your card number is incomplete.')).toBeTruthy();
  });

  it('checks every field before sending anything', async () => {
    const { server } = await openPlanPage();
    await screen.findByLabelText('Card number');

    subscribeNow();

    expect(await screen.findByText('Your card number is incomplete.')).toBeTruthy();
    expect(screen.getByText("Your card's expiration date is incomplete.")).toBeTruthy();
    expect(screen.getByText("Your card's security code is incomplete.")).toBeTruthy();
    expect(requestsTo(server, 'POST /api/create-subscription')).toHaveLength(0);
  });

  it('refuses an expiry date in the past', async () => {
    await openPlanPage();
    await enterCard('4242424242424242', '0120');

    expect(await screen.findByText("Your card's expiration date is in the past.")).toBeTruthy();
  });
});

describe('/subscribe, the flow', () => {
  beforeEach(() => {
    jest.useFakeTimers({ advanceTimers: true });
  });

  it('starts the trial, says so, re-syncs the user and goes to the account page after 3 s', async () => {
    const { server, user, router, becomePro } = await openPlanPage();
    server
      .on('POST /api/create-subscription', () => json(aCheckout({ intentType: 'setup', trial: true })))
      .on('POST /api/local-billing/confirm-card', () => {
        becomePro();
        return json({ status: 'succeeded', intentType: 'setup', paymentMethod: { id: 'pm_1', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 }, position: '300.7' });
      });
    fireEvent.click(screen.getByRole('radio', { name: /Yearly/ }));
    await type('Promo code (optional)', '  rocky17 ');
    await enterCard();

    subscribeNow();

    await waitFor(() => expect(notifications().textContent).toBe('Free Trial ActivatedYour 3-day free trial is activated. Enjoy Pro!'));
    expect(await bodiesOf(server, 'POST /api/create-subscription')).toEqual([
      { user_id: user.id, email: EMAIL, plan_type: 'yearly', promo_code: 'rocky17' },
    ]);
    expect(await bodiesOf(server, 'POST /api/local-billing/confirm-card')).toEqual([
      { clientSecret: 'seti_123_secret_456', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    ]);
    // The user is synced again, after the webhooks the confirmation reported.
    await waitFor(() => expect(requestsTo(server, 'POST /api/sync-user')).toHaveLength(2));
    expect(requestsTo(server, 'POST /api/sync-user')[1]?.headers.get('x-consistent-position')).toBe('300.7');

    act(() => jest.advanceTimersByTime(2_900));
    expect(router.state.location.pathname).toBe('/subscribe');
    act(() => jest.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByLabelText('Subscription: Active')).toBeTruthy();

    act(() => jest.advanceTimersByTime(5_000));
    await waitFor(() =>
      expect(notifications().textContent).toBe(
        'Not showing Pro yet?Use the Sync Status button on the Account page to refresh your subscription.',
      ),
    );
  });

  it('follows the success toast with the Sync Status note, shown for 8000 ms', async () => {
    const { server, becomePro } = await openPlanPage();
    server
      .on('POST /api/create-subscription', () => json(aCheckout({ intentType: 'setup', trial: true })))
      .on('POST /api/local-billing/confirm-card', () => {
        becomePro();
        return json({ status: 'succeeded', intentType: 'setup', paymentMethod: { id: 'pm_1', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 }, position: '300.7' });
      });
    await enterCard();
    const NOTE = 'Not showing Pro yet?Use the Sync Status button on the Account page to refresh your subscription.';

    jest.useFakeTimers();
    subscribeNow();
    // The requests answer through promises, not timers: let them settle.
    await act(async () => {
      for (let turn = 0; turn < 500 && !notifications().textContent?.includes('Free Trial Activated'); turn += 1) await Promise.resolve();
    });
    expect(notifications().textContent).toContain('Free Trial Activated');

    // The success toast has its own 5000 ms; the note comes as it goes.
    act(() => jest.advanceTimersByTime(4_999));
    expect(notifications().textContent).toContain('Free Trial Activated');
    act(() => jest.advanceTimersByTime(1));
    expect(notifications().textContent).toBe(NOTE);

    act(() => jest.advanceTimersByTime(7_999));
    expect(notifications().textContent).toBe(NOTE);
    act(() => jest.advanceTimersByTime(1));
    expect(notifications().textContent).toBe('');
  });

  it('shows a declined card’s message and leaves the user free to try again', async () => {
    const { server, router } = await openPlanPage();
    server.on('POST /api/create-subscription', () => json(aCheckout())).on('POST /api/local-billing/confirm-card', declined);
    await enterCard('4000000000000002');

    subscribeNow();

    expect(await alertText()).toBe('Your card was declined.');
    expect(router.state.location.pathname).toBe('/subscribe');
    expect(screen.getByRole('button', { name: /Subscribe Now/ }).hasAttribute('disabled')).toBe(false);
    expect(requestsTo(server, 'POST /api/sync-user')).toHaveLength(1);
  });

  it("shows the server's error when the checkout is refused", async () => {
    const { server } = await openPlanPage();
    server.on('POST /api/create-subscription', () => json({ error: 'The promo code ROCKY18 is not valid.' }, { status: 400 }));
    await enterCard();

    subscribeNow();

    expect(await alertText()).toBe('The promo code ROCKY18 is not valid.');
    expect(requestsTo(server, 'POST /api/local-billing/confirm-card')).toHaveLength(0);
  });

  it("says 'Failed to create subscription' when the server gives no reason", async () => {
    const { server } = await openPlanPage();
    server.on('POST /api/create-subscription', () => new Response('', { status: 502, statusText: 'Bad Gateway' }));
    await enterCard();

    subscribeNow();

    expect(await alertText()).toBe('Failed to create subscription');
  });

  it('says the payment system is not ready while it is still loading', async () => {
    const { server } = await openPlanPage({ config: (api) => api.on('GET /api/billing/config', () => new Promise<Response>(() => undefined)) });

    subscribeNow();

    expect(await alertText()).toBe('Payment system is not ready. Please try again later.');
    expect(requestsTo(server, 'POST /api/create-subscription')).toHaveLength(0);
  });

  it('says Payment System Error when the payment system cannot start', async () => {
    await openPlanPage({ config: (api) => api.on('GET /api/billing/config', () => json({ error: 'down' }, { status: 500 })) });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Payment System Error')).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('tells a subscriber they already have Pro', async () => {
    await openPlanPage({ subscribed: true }).catch(() => undefined);

    expect(await screen.findByText('You already have Pro')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my account' }).getAttribute('href')).toBe('/account');
  });
});
