import { describe, expect, it } from '@jest/globals';
import { privacySettingsFromEnv } from './privacy.settings.js';

describe('the privacy settings', () => {
  it("default to the Privacy Policy's periods: erasure after 30 days, payment records 7 years, logs 90 days", () => {
    expect(privacySettingsFromEnv({})).toMatchObject({ erasureAfterDays: 30, paymentRecordsYears: 7, logRetentionDays: 90 });
  });

  it('take PAYMENT_RECORDS_YEARS as a whole number of years', () => {
    expect(privacySettingsFromEnv({ PAYMENT_RECORDS_YEARS: '10' }).paymentRecordsYears).toBe(10);
  });

  it.each(['abc', '0', '-1', '1.5', '7 years'])('refuses PAYMENT_RECORDS_YEARS=%s at start-up, naming the variable and the value', (value) => {
    expect(() => privacySettingsFromEnv({ PAYMENT_RECORDS_YEARS: value })).toThrow(new RegExp(`PAYMENT_RECORDS_YEARS must be a positive integer, got "${value}"`));
  });
});
