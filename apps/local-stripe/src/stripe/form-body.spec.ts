import { describe, expect, it } from '@jest/globals';
import { parseStripeForm } from './form-body.js';

describe("parsing Stripe's form encoding", () => {
  it('nests brackets and turns numbered keys into arrays, as the SDK sends them', () => {
    const body =
      'customer=cus_1&items[0][price]=price_1&trial_period_days=3&discounts[0][promotion_code]=promo_1' +
      '&metadata[user_id]=u%201&expand[0]=pending_setup_intent&expand[1]=latest_invoice.confirmation_secret' +
      '&payment_settings[save_default_payment_method]=on_subscription';
    expect(parseStripeForm(body)).toEqual({
      customer: 'cus_1',
      items: [{ price: 'price_1' }],
      trial_period_days: '3',
      discounts: [{ promotion_code: 'promo_1' }],
      metadata: { user_id: 'u 1' },
      expand: ['pending_setup_intent', 'latest_invoice.confirmation_secret'],
      payment_settings: { save_default_payment_method: 'on_subscription' },
    });
  });

  it('reads empty brackets as appending and + as a space', () => {
    expect(parseStripeForm('lookup_keys[]=a&lookup_keys[]=b&name=Ana+Lee')).toEqual({ lookup_keys: ['a', 'b'], name: 'Ana Lee' });
  });

  it('is empty for an empty body', () => {
    expect(parseStripeForm('')).toEqual({});
  });
});
