import { randomUUID } from 'node:crypto';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { CORRELATION_ID_HEADER, correlationIdOf, traceparentOf } from '@jokes/contracts';
import type { CommandOrigin } from '@jokes/event-store';
import type { Request } from 'express';
import { IDEMPOTENCY_KEY_HEADER, readIdempotencyKey } from './idempotency/idempotency-key.js';

/**
 * Where a command came from, read once from its request: the part of every
 * appended event's metadata that the transport knows (see `eventMetadata`).
 * The one request context of the command API, for `/api` and `/auth/v1` alike.
 * Every value is checked before it is kept (a UUID, a W3C traceparent, a key
 * of at most 128 characters), so whatever headers a request carries, an
 * event's metadata stays small: a malformed one counts as absent.
 */
export function commandOrigin(request: Request): CommandOrigin {
  const key = readIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
  return {
    correlationId: correlationIdOf(request.headers[CORRELATION_ID_HEADER]) ?? randomUUID(),
    // Malformed: dropped, so the trace starts here (the tracing SDK's propagator ignores it too).
    traceparent: traceparentOf(request.headers.traceparent),
    // Recorded for audit only: IdempotencyGuard answers repeats before any handler runs.
    idempotencyKey: key.kind === 'valid' ? key.key : undefined,
  };
}

/** A controller parameter: `@Origin() origin: CommandOrigin`. */
export const Origin = createParamDecorator((_data: unknown, context: ExecutionContext): CommandOrigin =>
  commandOrigin(context.switchToHttp().getRequest<Request>()),
);

/** A command's origin and who acted on it: all of its events' metadata but the command's own id, time and name. */
export interface Acting extends CommandOrigin {
  /** A user id, 'anonymous', 'system:auth', 'billing-clock', ... */
  actor: string;
}

/** Picks the origin's fields, so nothing else a request context carries (a bearer token) can reach an event. */
export function actingAs(origin: CommandOrigin, actor: string): Acting {
  return { correlationId: origin.correlationId, traceparent: origin.traceparent, idempotencyKey: origin.idempotencyKey, actor };
}
