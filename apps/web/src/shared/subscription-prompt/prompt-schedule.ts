/**
 * SPEC 2 and 9: on the home page the subscription prompt opens by itself after
 * 20 s, for someone not subscribed, at most once an hour. "Shown" means shown
 * for any reason (a locked option, the Subscribe button, the timer), kept in
 * this browser under one key (SPEC 3 'Browser storage').
 */
export const PROMPT_LAST_SHOWN_KEY = 'subscriptionPromptLastShown';
export const PROMPT_AUTO_OPEN_DELAY_MS = 20_000;
export const PROMPT_AUTO_OPEN_INTERVAL_MS = 60 * 60 * 1000;

/** When the prompt was last shown here (ms since the epoch), or null if never or unreadable. */
export function readPromptLastShown(storage: Storage = window.localStorage): number | null {
  try {
    const stored = Number(storage.getItem(PROMPT_LAST_SHOWN_KEY));
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  } catch {
    // Storage can be switched off; then the prompt simply is not remembered.
    return null;
  }
}

export function recordPromptShown(now: number = Date.now(), storage: Storage = window.localStorage): void {
  try {
    storage.setItem(PROMPT_LAST_SHOWN_KEY, String(now));
  } catch {
    // See readPromptLastShown.
  }
}

export function shouldAutoOpenPrompt({ subscribed, lastShown, now }: { subscribed: boolean; lastShown: number | null; now: number }): boolean {
  if (subscribed) return false;
  // A time in the future (a clock set back) counts as shown just now.
  return lastShown === null || now - lastShown >= PROMPT_AUTO_OPEN_INTERVAL_MS;
}
