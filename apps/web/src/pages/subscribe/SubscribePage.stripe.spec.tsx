import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { stripeLoader } from '../../features/subscription/stripe/load-stripe';
import { requestsTo } from '../../testing/accounts';
import { notifications } from '../../testing/antd';
import { aCheckout, stripeBillingConfig } from '../../testing/billing';
import { json, type FakeApi } from '../../testing/fake-api';
import { FakeStripe } from '../../testing/fake-stripe';
import { alertText, openPlanPage, PLAN_PAGE_EMAIL as EMAIL, subscribeNow } from '../../testing/plan-page';

// The plan page when Stripe confirms cards: Stripe.js is replaced by a fake at its loader.
const realStripeLoad = stripeLoader.load;

afterEach(() => {
  stripeLoader.load = realStripeLoad;
});

describe('/subscribe with Stripe', () => {
  const withStripe = (api: FakeApi) => api.on('GET /api/billing/config', () => json(stripeBillingConfig));

  async function openWithStripe(fake: FakeStripe | Promise<never>) {
    const keys: string[] = [];
    stripeLoader.load = async (key) => {
      keys.push(key);
      return fake instanceof FakeStripe ? fake.stripe : fake;
    };
    const view = await openPlanPage({ config: withStripe });
    if (fake instanceof FakeStripe) await waitFor(() => expect(fake.mounted).toBe(true));
    return { ...view, keys };
  }

  it('loads Stripe.js with the publishable key and confirms a trial with confirmCardSetup', async () => {
    const fake = new FakeStripe();
    const { server, keys } = await openWithStripe(fake);
    server.on('POST /api/create-subscription', () => json(aCheckout({ intentType: 'setup' })));

    subscribeNow();

    await waitFor(() => expect(notifications().textContent).toContain('Your 3-day free trial is activated.'));
    expect(keys).toEqual(['pk_test_123']);
    expect(fake.confirmations).toEqual([
      { method: 'confirmCardSetup', clientSecret: 'seti_123_secret_456', data: { payment_method: { card: expect.anything(), billing_details: { email: EMAIL } } } },
    ]);
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('pays at once with confirmCardPayment when there is no trial', async () => {
    const fake = new FakeStripe();
    const { server } = await openWithStripe(fake);
    server.on('POST /api/create-subscription', () => json(aCheckout({ intentType: 'payment', trial: false, clientSecret: 'pi_1_secret_2' })));

    subscribeNow();

    await waitFor(() => expect(notifications().textContent).toBe('Subscription ActivatedYour Pro subscription is active. Enjoy!'));
    expect(fake.confirmations.map(({ method, clientSecret }) => [method, clientSecret])).toEqual([['confirmCardPayment', 'pi_1_secret_2']]);
  });

  it("shows Stripe's message for a declined card", async () => {
    const fake = new FakeStripe();
    fake.result = { error: { message: 'Your card was declined.' } };
    const { server } = await openWithStripe(fake);
    server.on('POST /api/create-subscription', () => json(aCheckout()));

    subscribeNow();

    expect(await alertText()).toBe('Your card was declined.');
  });

  it('says the payment form is not properly loaded when the card field is missing', async () => {
    const fake = new FakeStripe();
    fake.cardMounted = false;
    const { server } = await openWithStripe(fake);

    subscribeNow();

    expect(await alertText()).toBe('Payment form is not properly loaded. Please refresh the page.');
    expect(requestsTo(server, 'POST /api/create-subscription')).toHaveLength(0);
  });

  it('says the payment system is not ready while Stripe.js loads', async () => {
    stripeLoader.load = () => new Promise(() => undefined);
    await openPlanPage({ config: withStripe });
    await screen.findByRole('group', { name: 'Card details' });

    subscribeNow();

    expect(await alertText()).toBe('Payment system is not ready. Please try again later.');
  });

  it('says Payment System Error when Stripe.js cannot be loaded', async () => {
    await openWithStripe(Promise.reject(new Error('Failed to load Stripe.js')));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Payment System Error')).toBeTruthy();
  });
});
