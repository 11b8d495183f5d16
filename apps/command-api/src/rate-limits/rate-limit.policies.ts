import { intFromEnv } from '@jokes/server';

/** The routes that cost money (model, voice), mail or storage, each limited by one policy. */
export type RateLimitName = 'generate' | 'text-to-speech' | 'analytics' | 'share' | 'rate' | 'report';

/** Who besides the client a request is counted for: the signed-in user (from the verified token), or the body's anonymous visitor id. */
export type Identity = 'user' | 'visitor';

export interface RateLimitWindow {
  /** The name in the RateLimit headers (`"generate"`, `"generate-hour"`). */
  name: string;
  limit: number;
  seconds: number;
}

export interface RateLimitPolicy {
  name: RateLimitName;
  identity: Identity;
  /** Each window counts the client and the identity apart: a request must fit in all of them. None: the route is not limited. */
  windows: readonly RateLimitWindow[];
}

/**
 * Defaults a person never reaches by hand; the hourly bucket caps what a
 * script can spend in a day (a minute's limit alone allows 60 times it per hour).
 * - generate: a joke takes seconds to read; 30 a minute is one every 2 s, 300 an hour
 *   five a minute for a whole hour. Each one is a paid model call.
 * - text-to-speech: narration takes 10 s and more to listen to; paid per character.
 * - analytics: the browser sends one batch (up to 50 items, 32 KB) every 5 s at most, sooner only
 *   when 50 items queue up; each is stored for good.
 * - share and rate: one append each; a person rating down the history clicks fast, so rate is twice share.
 * - report: one append and a row in support's queue; a person reports a joke now and then, not ten a minute.
 */
const DEFAULTS: Record<RateLimitName, { identity: Identity; perMinute: number; perHour: number }> = {
  generate: { identity: 'user', perMinute: 30, perHour: 300 },
  'text-to-speech': { identity: 'user', perMinute: 20, perHour: 200 },
  analytics: { identity: 'visitor', perMinute: 120, perHour: 2000 },
  share: { identity: 'user', perMinute: 30, perHour: 300 },
  rate: { identity: 'user', perMinute: 60, perHour: 600 },
  report: { identity: 'user', perMinute: 10, perHour: 50 },
};

const envName = (name: RateLimitName, window: 'PER_MINUTE' | 'PER_HOUR') => `RATE_LIMIT_${name.toUpperCase().replace(/-/g, '_')}_${window}`;

/** Every policy, its numbers from `RATE_LIMIT_<NAME>_PER_MINUTE` / `_PER_HOUR` (README "Configuration"; 0: that window is off). */
export function rateLimitPolicies(env: NodeJS.ProcessEnv): Record<RateLimitName, RateLimitPolicy> {
  const entries = (Object.keys(DEFAULTS) as RateLimitName[]).map((name): [RateLimitName, RateLimitPolicy] => {
    const defaults = DEFAULTS[name];
    return [
      name,
      {
        name,
        identity: defaults.identity,
        // 0 turns a window off (no counter, no query): the HTTP benchmark's "limits off" figure.
        windows: [
          { name, limit: intFromEnv(env, envName(name, 'PER_MINUTE'), defaults.perMinute), seconds: 60 },
          { name: `${name}-hour`, limit: intFromEnv(env, envName(name, 'PER_HOUR'), defaults.perHour), seconds: 3600 },
        ].filter((window) => window.limit > 0),
      },
    ];
  });
  return Object.fromEntries(entries) as Record<RateLimitName, RateLimitPolicy>;
}
