/**
 * Which parts of the product one process runs (TARGET), as Grafana Loki's
 * `-target`: `all` is the whole product in one process (what `npm start`
 * runs); scaled out, `write` serves the command side (with `/auth/v1`), `read`
 * the query side and the web app, and `backend` the projectors, the relay, the
 * mail dispatcher's sweep and the privacy job, each behind a load balancer.
 */
export const TARGETS = ['all', 'write', 'read', 'backend'] as const;
export type Target = (typeof TARGETS)[number];

export function targetFromEnv(env: NodeJS.ProcessEnv): Target {
  const raw = env.TARGET?.trim() || 'all';
  if (!(TARGETS as readonly string[]).includes(raw)) throw new Error(`TARGET must be one of ${TARGETS.join(', ')}, got "${env.TARGET}"`);
  return raw as Target;
}

/**
 * Whether this process runs the background jobs (the privacy job, the mail
 * outbox's sweep for retries and leftovers): every target but `write` and
 * `read`, so a scaled-out write replica only serves requests. The processes
 * run on their own (apps' own main.ts) have no TARGET and run them, as before.
 */
export function runsBackgroundJobs(env: NodeJS.ProcessEnv): boolean {
  const target = env.TARGET?.trim();
  return target !== 'write' && target !== 'read';
}
