import { describe, expect, it } from '@jest/globals';
import { localStripeConfigFromEnv } from './local-stripe.config.js';

const env = { DATABASE_URL: 'postgres://localhost/jokes', STRIPE_WEBHOOK_SECRET: 'whsec_test' };

describe('the local payment provider’s settings', () => {
  it('listens on 127.0.0.1 unless HOST names another interface (its own container in the compose deployment)', () => {
    expect(localStripeConfigFromEnv(env).host).toBe('127.0.0.1');
    expect(localStripeConfigFromEnv({ ...env, HOST: '' }).host).toBe('127.0.0.1');
    expect(localStripeConfigFromEnv({ ...env, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});
