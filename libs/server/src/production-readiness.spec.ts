import { describe, expect, it } from '@jest/globals';
import { assertProductionReady, productionReadinessProblems, UnsafeProductionConfigError } from './production-readiness.js';

const safe = {
  NODE_ENV: 'production',
  STRIPE_SECRET_KEY: 'sk_live_x',
  SMTP_URL: 'smtp://mail.test',
  AUTH_SIGNING_KEY_SECRET: 'a-long-secret',
  PERSONAL_DATA_KEY_SECRET: 'another-long-secret',
};

describe('productionReadinessProblems', () => {
  it('finds nothing outside production, whatever is missing', () => {
    expect(productionReadinessProblems({})).toEqual([]);
    expect(productionReadinessProblems({ NODE_ENV: 'development' })).toEqual([]);
  });

  it('finds nothing in production with Stripe, SMTP and a signing-key secret', () => {
    expect(productionReadinessProblems(safe)).toEqual([]);
  });

  it.each([
    ['STRIPE_SECRET_KEY', /STRIPE_SECRET_KEY is not set, so billing would use the local test provider/],
    ['SMTP_URL', /SMTP_URL is not set, so confirmation and reset mails would only be written to the file outbox/],
    ['AUTH_SIGNING_KEY_SECRET', /AUTH_SIGNING_KEY_SECRET is not set, so the JWT signing keys would be protected by the development key/],
    ['PERSONAL_DATA_KEY_SECRET', /PERSONAL_DATA_KEY_SECRET is not set, so the keys that encrypt personal data/],
  ])('names %s when production would run without it (blank counts as unset)', (name, message) => {
    expect(productionReadinessProblems({ ...safe, [name]: undefined })).toEqual([expect.stringMatching(message)]);
    expect(productionReadinessProblems({ ...safe, [name]: '  ' })).toEqual([expect.stringMatching(message)]);
  });

  it('asks no mail transport nor signing-key secret of a deployment whose auth is a hosted Supabase project', () => {
    const hosted = { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x', SUPABASE_URL: 'https://project.supabase.co', PERSONAL_DATA_KEY_SECRET: 'a-long-secret' };
    expect(productionReadinessProblems(hosted)).toEqual([]);
    expect(productionReadinessProblems({ ...hosted, STRIPE_SECRET_KEY: undefined })).toEqual([expect.stringMatching(/STRIPE_SECRET_KEY is not set/)]);
  });
});

describe('assertProductionReady', () => {
  it('refuses production on the development defaults, naming every variable to set at once', () => {
    const refusal = (() => {
      try {
        assertProductionReady({ NODE_ENV: 'production' });
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(UnsafeProductionConfigError);
    const message = (refusal as Error).message;
    expect(message).toMatch(/^Refusing to start with NODE_ENV=production on development defaults:/);
    for (const name of ['STRIPE_SECRET_KEY', 'SMTP_URL', 'AUTH_SIGNING_KEY_SECRET', 'PERSONAL_DATA_KEY_SECRET']) expect(message).toContain(`Set ${name}`);
  });

  it('lets a safe production configuration and any development one start', () => {
    expect(() => assertProductionReady(safe)).not.toThrow();
    expect(() => assertProductionReady({})).not.toThrow();
  });
});
