import { describe, expect, it } from '@jest/globals';
import { localStripeUrl, usesLocalPaymentProvider } from './config.js';

describe('the local payment provider', () => {
  it('is in use unless STRIPE_SECRET_KEY is set', () => {
    expect(usesLocalPaymentProvider({})).toBe(true);
    expect(usesLocalPaymentProvider({ STRIPE_SECRET_KEY: '  ' })).toBe(true);
    expect(usesLocalPaymentProvider({ STRIPE_SECRET_KEY: 'sk_test_x' })).toBe(false);
  });

  it('answers on 127.0.0.1:3104 by default, on LOCAL_STRIPE_PORT, or wherever LOCAL_STRIPE_URL says', () => {
    expect(localStripeUrl({}).href).toBe('http://127.0.0.1:3104/');
    expect(localStripeUrl({ LOCAL_STRIPE_PORT: '4000' }).href).toBe('http://127.0.0.1:4000/');
    expect(localStripeUrl({ LOCAL_STRIPE_PORT: '4000', LOCAL_STRIPE_URL: 'http://billing.internal:8080' }).href).toBe('http://billing.internal:8080/');
  });

  it('refuses a port that is not a number', () => {
    expect(() => localStripeUrl({ LOCAL_STRIPE_PORT: 'abc' })).toThrow('LOCAL_STRIPE_PORT must be a non-negative integer');
  });
});
