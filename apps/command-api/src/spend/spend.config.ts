import { intFromEnv } from '@jokes/server';

export interface SpendConfig {
  /** SPEND_MODEL_CALLS_PER_HOUR (default 600): calls to a paid model, retries included, by everyone together. */
  modelCallsPerHour: number;
  /** SPEND_NARRATION_CHARACTERS_PER_HOUR (default 100000): characters sent to a paid voice engine by everyone together. */
  narrationCharactersPerHour: number;
  /** SPEND_FREE_SHARE_PERCENT (default 50): how much of each hour free and anonymous callers may use; Pro may use all of it. */
  freeSharePercent: number;
  /** NARRATION_CHARACTERS_PER_USER_PER_DAY (default 10000): what one account may have narrated per UTC day, with any engine. */
  narrationCharactersPerUserPerDay: number;
}

export function readSpendConfig(env: NodeJS.ProcessEnv): SpendConfig {
  const freeSharePercent = intFromEnv(env, 'SPEND_FREE_SHARE_PERCENT', 50);
  // Fails at startup: a share above the whole would silently hand free callers the Pro reserve.
  if (freeSharePercent > 100) throw new Error(`SPEND_FREE_SHARE_PERCENT must be between 0 and 100, got "${env.SPEND_FREE_SHARE_PERCENT}"`);
  return {
    modelCallsPerHour: intFromEnv(env, 'SPEND_MODEL_CALLS_PER_HOUR', 600),
    narrationCharactersPerHour: intFromEnv(env, 'SPEND_NARRATION_CHARACTERS_PER_HOUR', 100_000),
    freeSharePercent,
    narrationCharactersPerUserPerDay: intFromEnv(env, 'NARRATION_CHARACTERS_PER_USER_PER_DAY', 10_000),
  };
}
