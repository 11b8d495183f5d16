// When to restart a process that exited: at once-ish after a healthy run,
// slower and slower while it keeps crashing, never slower than `maxMs`.
//
// Why these numbers: the processes boot in about a second, so a first restart
// after 250 ms costs nothing and brings a crashed service back before most
// users notice. A crash loop (a bad setting, a port taken) doubles the wait up
// to 5 s: at most a few boots a minute on a laptop, and once the cause is gone
// the site is back within 5 s. Ten seconds of uptime counts as healthy and
// forgets the earlier crashes, so crashes spread over time (a request that
// crashes a process, sent now and then) are each restarted at once instead of
// adding up to a long outage.

export interface BackoffPolicy {
  /** Delay after the first crash of a streak. */
  initialMs: number;
  /** The delay never grows past this. */
  maxMs: number;
  /** A run at least this long ends a crash streak. */
  healthyAfterMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 250, maxMs: 5_000, healthyAfterMs: 10_000 };

/** Crashes in a row, each after a run shorter than `healthyAfterMs`. */
export interface RestartHistory {
  crashes: number;
}

export const NO_CRASHES: RestartHistory = { crashes: 0 };

/** The delay before the next start, and the history to keep, after a run of `ranForMs` ended. */
export function nextRestart(
  history: RestartHistory,
  ranForMs: number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
): { delayMs: number; history: RestartHistory } {
  const streak = ranForMs >= policy.healthyAfterMs ? 0 : history.crashes;
  // 2 ** streak grows past any sane cap quickly; clamp the exponent before it overflows.
  const delayMs = Math.min(policy.maxMs, policy.initialMs * 2 ** Math.min(streak, 30));
  return { delayMs, history: { crashes: streak + 1 } };
}
