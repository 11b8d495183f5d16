import { createHash } from 'node:crypto';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * 16 characters at least, so a key made by a client is a secret nobody else
 * guesses (a UUID has 36): anonymous callers share one scope, where the key
 * alone tells requests apart. 128 at most keeps the table's index small.
 */
const KEY = /^[A-Za-z0-9_.:-]{16,128}$/;

export const INVALID_KEY_MESSAGE = 'Idempotency-Key must be 16 to 128 characters: letters, digits, "-", "_", "." or ":" (a UUID works)';

export type KeyHeader = { kind: 'absent' } | { kind: 'invalid' } | { kind: 'valid'; key: string };

export function readIdempotencyKey(header: string | string[] | undefined): KeyHeader {
  if (header === undefined) return { kind: 'absent' };
  // Sent twice, a key is ambiguous: which request would it name?
  if (Array.isArray(header) || !KEY.test(header)) return { kind: 'invalid' };
  return { kind: 'valid', key: header };
}

/**
 * Whose keys these are. A signed-in caller's keys are theirs alone; a request
 * without a verified caller (anonymous jokes, logout and password reset, which
 * read their own credentials) is scoped by the credential it sends, if any, else
 * shares the anonymous scope, where the key's secrecy and the request
 * fingerprint keep requests apart.
 */
export function callerScope(userId: string | undefined, authorization: string | undefined): string {
  if (userId) return `user:${userId}`;
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  return bearer ? `token:${sha256(bearer)}` : 'anonymous';
}

/** What makes a retry the same request: method, target and body (key order aside). Headers such as the trace differ between retries. */
export function requestFingerprint(method: string, target: string, body: unknown): string {
  return sha256(`${method.toUpperCase()} ${target}\n${canonicalJson(body)}`);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, entry]) => `${JSON.stringify(name)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
