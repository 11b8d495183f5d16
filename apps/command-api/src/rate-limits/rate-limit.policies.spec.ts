import { describe, expect, it } from '@jest/globals';
import { rateLimitPolicies } from './rate-limit.policies.js';

describe('rate-limit policies', () => {
  it('limits generate to 30 a minute and 300 an hour by default, per user', () => {
    expect(rateLimitPolicies({}).generate).toEqual({
      name: 'generate',
      identity: 'user',
      windows: [
        { name: 'generate', limit: 30, seconds: 60 },
        { name: 'generate-hour', limit: 300, seconds: 3600 },
      ],
    });
  });

  it('counts analytics per anonymous visitor', () => {
    expect(rateLimitPolicies({}).analytics.identity).toBe('visitor');
  });

  it('reads every number from RATE_LIMIT_<NAME>_PER_MINUTE and _PER_HOUR', () => {
    const policies = rateLimitPolicies({ RATE_LIMIT_TEXT_TO_SPEECH_PER_MINUTE: '2', RATE_LIMIT_TEXT_TO_SPEECH_PER_HOUR: '9' });
    expect(policies['text-to-speech'].windows.map((window) => window.limit)).toEqual([2, 9]);
  });

  it('turns a window off with 0', () => {
    expect(rateLimitPolicies({ RATE_LIMIT_RATE_PER_MINUTE: '0' }).rate.windows.map((window) => window.name)).toEqual(['rate-hour']);
  });

  it('refuses a number that is not a non-negative integer, naming the variable', () => {
    expect(() => rateLimitPolicies({ RATE_LIMIT_SHARE_PER_HOUR: 'lots' })).toThrow('RATE_LIMIT_SHARE_PER_HOUR must be a non-negative integer, got "lots"');
  });
});
