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

/** Ports of the processes behind the edge (the browser only ever sees PORT). */
export const DEFAULT_PORTS = {
  edge: 3000,
  commandApi: 3101,
  queryApi: 3102,
  projectors: 3103,
} as const;

/**
 * The development mailbox shows every mail the file outbox holds, reset links
 * included, to anyone: it exists only where mail goes to the outbox and the
 * deployment is not production (or DEV_MAILBOX=true says so explicitly).
 */
export function devMailboxEnabled(env: NodeJS.ProcessEnv): boolean {
  if (env.SMTP_URL) return false;
  if (env.DEV_MAILBOX !== undefined && env.DEV_MAILBOX !== '') return env.DEV_MAILBOX === 'true';
  return env.NODE_ENV !== 'production';
}
