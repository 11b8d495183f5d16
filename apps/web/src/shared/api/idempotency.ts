import { isCommand } from '@jokes/contracts';
import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import { randomUuid } from '../ids/random-uuid';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The server's answer while the first request with the key still runs (its IdempotencyInterceptor). */
const KEY_IN_USE = 'idempotency_key_in_use';

/** Two retries: enough to outlast a restart of the command API, short enough that a press still feels like one. */
const RETRY_DELAYS_MS = [500, 1500] as const;
/**
 * The longest Retry-After worth waiting for within one press: the edge (2 s)
 * and a database restart (5 s) ask for less. A 503 that asks for longer (the
 * spend ceiling, minutes) or names no wait at all (a provider failing after the
 * server's own retry) ends the press: resending it would only pay the provider again.
 */
const MAX_RETRY_AFTER_MS = 5000;

/** A fresh key: a random UUID (16-128 characters of [A-Za-z0-9_.:-], as the server requires). */
export function newIdempotencyKey(): string {
  return randomUuid();
}

/**
 * One key per call of a command (a POST the contracts put on the command
 * side), made when the call starts: a press of a button is one call, and the
 * retries of that call below carry the same key, so the server does it once.
 */
export function withIdempotencyKey(args: string | FetchArgs): string | FetchArgs {
  if (typeof args === 'string' || !isCommand(args.method ?? 'GET', new URL(args.url, 'http://app.invalid').pathname)) return args;
  const headers = Object.fromEntries(new Headers(args.headers as HeadersInit | undefined));
  if (Object.keys(headers).some((name) => name.toLowerCase() === IDEMPOTENCY_KEY_HEADER.toLowerCase())) return args;
  return { ...args, headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() } };
}

export function hasIdempotencyKey(args: string | FetchArgs): boolean {
  return typeof args !== 'string' && new Headers(args.headers as HeadersInit | undefined).has(IDEMPOTENCY_KEY_HEADER);
}

/**
 * How long to wait before sending a keyed command again, or undefined to give
 * up. Only when the answer was lost (network failure, timeout), the service was
 * briefly unavailable (503 with a Retry-After of 5 s at most) or the first
 * request with the key is still running: with the key, none of these can do
 * the work twice.
 */
export function retryDelayMs(retry: number, status: number | string, response: Response | undefined, body: unknown): number | undefined {
  if (retry > RETRY_DELAYS_MS.length) return undefined;
  const keyInUse = status === 409 && typeof body === 'object' && body !== null && (body as { code?: unknown }).code === KEY_IN_USE;
  if (!(status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || status === 503 || keyInUse)) return undefined;
  const retryAfter = Number(response?.headers.get('retry-after') ?? Number.NaN);
  const waitMs = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : undefined;
  if (status === 503) return waitMs !== undefined && waitMs <= MAX_RETRY_AFTER_MS ? waitMs : undefined;
  if (waitMs !== undefined) return Math.min(waitMs, MAX_RETRY_AFTER_MS);
  return RETRY_DELAYS_MS[retry - 1];
}
