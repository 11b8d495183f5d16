import type { EventMetadata } from '../port/types.js';

/**
 * What the transport knows about where a command came from (HTTP headers, a
 * webhook delivery). Every field lands in each event's metadata, so the
 * transport keeps only checked, bounded values (apps/command-api's
 * `commandOrigin`, with the header rules of `@jokes/contracts`).
 */
export interface CommandOrigin {
  /** Ties together everything one user action caused: a UUID (`x-correlation-id` if it is one, else a new id). */
  correlationId: string;
  /** W3C trace context of the request (a valid version-00 `traceparent` only), so a trace spans request -> append -> projector. */
  traceparent?: string;
  /** The client's `Idempotency-Key`, recorded for audit; the HTTP layer answers a repeat with the first result. */
  idempotencyKey?: string;
}

export interface EventMetadataInput extends CommandOrigin {
  /** Who caused it: a user id, 'anonymous', 'billing-clock', ... */
  actor: string;
  /** The id of the command (or outside event) the events answer. */
  causationId: string;
  /** When the command was issued: the time its decision was made with (DESIGN.md decision 10). */
  time: Date;
  /** The command's name, for people reading a stream. */
  command?: string;
}

/**
 * The metadata of every event a command appends. `extra` carries what a path
 * adds of its own (a webhook's ids); it never replaces the standard fields,
 * and fields the origin did not carry are left out rather than stored empty.
 */
export function eventMetadata(input: EventMetadataInput, extra: Readonly<Record<string, unknown>> = {}): EventMetadata {
  const standard: EventMetadata = {
    correlationId: input.correlationId,
    causationId: input.causationId,
    actor: input.actor,
    traceparent: input.traceparent,
    idempotencyKey: input.idempotencyKey,
    command: input.command,
    time: input.time.toISOString(),
  };
  return Object.fromEntries(Object.entries({ ...extra, ...standard }).filter(([, value]) => value !== undefined));
}
