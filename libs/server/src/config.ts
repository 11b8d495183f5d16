/** Reads an integer setting, refusing nonsense instead of silently using it. */
export function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

export function requireEnv(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set (npm start sets it; see the README's configuration table)`);
  return value;
}

/**
 * Ports of the processes behind the edge (the browser only ever sees PORT)
 * when a process runs on its own; `npm start` gives each a free port instead,
 * so two checkouts side by side never collide.
 */
export const DEFAULT_PORTS = {
  edge: 3000,
  commandApi: 3101,
  queryApi: 3102,
  projectors: 3103,
  localStripe: 3104,
} as const;

/**
 * DESIGN.md decision 8: billing runs against the local payment provider unless
 * STRIPE_SECRET_KEY is set. The provider is then a process of its own (decision
 * 14) that the product reaches over HTTP only, as it would reach Stripe.
 */
export function usesLocalPaymentProvider(env: NodeJS.ProcessEnv): boolean {
  return !env.STRIPE_SECRET_KEY?.trim();
}

/** Where the local payment provider answers: LOCAL_STRIPE_URL, else 127.0.0.1 on LOCAL_STRIPE_PORT (where npm start runs it). */
export function localStripeUrl(env: NodeJS.ProcessEnv): URL {
  if (env.LOCAL_STRIPE_URL) return new URL(env.LOCAL_STRIPE_URL);
  return new URL(`http://127.0.0.1:${intFromEnv(env, 'LOCAL_STRIPE_PORT', DEFAULT_PORTS.localStripe)}`);
}

/**
 * The development mailbox shows the mails the file outbox holds, reset links
 * included: it exists only where mail goes to the outbox, never in production
 * (not even with DEV_MAILBOX=true), and DEV_MAILBOX=false turns it off. Where it
 * is on, it still answers only requests from this machine (devToolRefusal).
 */
export function devMailboxEnabled(env: NodeJS.ProcessEnv): boolean {
  if (env.SMTP_URL || env.NODE_ENV === 'production') return false;
  return env.DEV_MAILBOX !== 'false';
}

/** How this machine reaches a server listening on `host`: a wildcard address through loopback, an IPv6 address in brackets. */
export function localAddressOf(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
