/** How long a health check waits for a part that hangs instead of refusing. */
export const PROBE_TIMEOUT_MS = 2000;

/** Whether `probe` succeeds within `timeoutMs`: a database that hangs must not hang the health check too. */
export function answersInTime(probe: Promise<unknown>, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  return Promise.race([probe.then(() => true, () => false), timeout]).finally(() => clearTimeout(timer));
}

/** What a part of the product says of itself: ready or not, and the body that says why (the edge aggregates every part's). */
export interface HealthReport<Body extends object = object> {
  ok: boolean;
  body: Body;
}
