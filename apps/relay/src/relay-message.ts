import { formatCursor, type StoredEvent } from '@jokes/event-store';
import type { RelayMessage } from './event-publisher.port.js';

/** The event as consumers read it: positions and versions as the product writes them (a position is `{transactionId}.{globalPosition}`). */
export interface PublishedEvent {
  eventId: string;
  type: string;
  streamId: string;
  streamVersion: number;
  position: string;
  schemaVersion: number;
  createdAt: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

/**
 * Key, headers and value of one event. Headers carry what a consumer routes,
 * deduplicates (at-least-once: the event id) and traces by without parsing
 * the value; absent metadata is left out rather than sent empty.
 */
export function toRelayMessage(event: StoredEvent): RelayMessage {
  const published: PublishedEvent = {
    eventId: event.eventId,
    type: event.type,
    streamId: event.streamId,
    streamVersion: Number(event.streamVersion),
    position: formatCursor(event),
    schemaVersion: event.schemaVersion,
    createdAt: event.createdAt.toISOString(),
    data: event.data,
    metadata: event.metadata,
  };
  const optional = {
    'correlation-id': text(event.metadata.correlationId),
    'causation-id': text(event.metadata.causationId),
    traceparent: text(event.metadata.traceparent),
    tracestate: text(event.metadata.tracestate),
  };
  return {
    key: event.streamId,
    value: JSON.stringify(published),
    headers: {
      'event-type': event.type,
      'event-id': event.eventId,
      'stream-version': String(event.streamVersion),
      'content-type': 'application/json',
      ...Object.fromEntries(Object.entries(optional).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    },
  };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
