/** How a mail that failed is tried again (MAIL_RETRY_* in the README). */
export interface MailRetrySettings {
  /** Wait after the first failure; each further failure doubles it. */
  baseDelayMs: number;
  /** The longest wait between two attempts. */
  maxDelayMs: number;
  /** Attempts in all; after the last failure the mail is given up (health and logs say so). */
  maxAttempts: number;
}

/**
 * 5 s, 10 s, 20 s ... doubling up to 15 min; twelve attempts span about an
 * hour, as long as a password-reset link lives (a confirmation link lives a
 * day, and a mail whose link expired is not sent at all).
 */
export const DEFAULT_MAIL_RETRY: MailRetrySettings = { baseDelayMs: 5_000, maxDelayMs: 15 * 60_000, maxAttempts: 12 };

export type AfterFailure = { giveUp: true } | { giveUp: false; delayMs: number };

/** What to do after the `failures`-th failed attempt (1 for the first). */
export function afterFailure(failures: number, settings: MailRetrySettings): AfterFailure {
  if (failures >= settings.maxAttempts) return { giveUp: true };
  return { giveUp: false, delayMs: Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** (failures - 1)) };
}
