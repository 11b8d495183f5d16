import {
  CancelledError,
  convertToCommandError,
  DeadlineExceededError,
  NotLeaderError,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { WrongExpectedVersionError } from '../port/errors.js';
import type { ExpectedVersion } from '../port/types.js';
import { versionOf } from './kurrentdb-mapping.js';

/**
 * KurrentDB could not be reached, or did not answer in time: the request may
 * work once it is back, so the APIs answer 503 with Retry-After (the name is
 * what `isDatabaseUnavailable` of libs/server recognises). For an append the
 * outcome is unknown: it may have been written, and a retry with the same
 * event ids writes it once.
 */
export class EventStoreUnavailableError extends Error {
  override readonly name = 'EventStoreUnavailableError';
  constructor(operation: string, cause: unknown) {
    super(`KurrentDB is unavailable (${operation}): ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** Failures of the connection, not of the request: dropped, refused, timed out, or a node that is no longer leader. */
export function isConnectionFailure(failure: unknown): boolean {
  // A call that failed before the client could read an answer (fetching server features) is a bare gRPC error.
  const error = failure instanceof Error ? convertToCommandError(failure) : failure;
  if (
    error instanceof UnavailableError ||
    error instanceof CancelledError ||
    error instanceof DeadlineExceededError ||
    error instanceof TimeoutError ||
    error instanceof NotLeaderError
  ) {
    return true;
  }
  // The native reader (the client's Rust bridge) reports by name only.
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'UnavailableError' || name === 'DeadlineExceededError' || name === 'NotLeaderError';
}

/**
 * KurrentDB's wrong expected version in the port's terms: `actual` is the
 * stream's version (its current revision + 1; 0 for a stream that does not
 * exist), `expected` what the caller asked for, in the caller's words.
 */
export function toWrongExpectedVersion(error: KurrentWrongExpectedVersionError, streamId: string, expected: ExpectedVersion): WrongExpectedVersionError {
  const exists = typeof error.actualState === 'bigint';
  return new WrongExpectedVersionError(streamId, expected, exists ? versionOf(error.actualState as bigint) : 0n, exists);
}

export { KurrentWrongExpectedVersionError };
