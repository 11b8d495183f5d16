import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { AppendOptions } from '../port/event-store.port.js';
import { formatCursor, type AppendResult, type NewEvent } from '../port/types.js';
import { eventStoreTracer, withTraceContext } from './event-trace-context.js';

/** `joke-4f1c…` -> `joke`: the stream's kind names the span; its id is an attribute. */
const category = (streamId: string) => streamId.split('-', 1)[0] || streamId;

/**
 * Runs one append inside a producer span (`append joke`), the statements it
 * issues as its children, and writes that span's context into every event's
 * metadata, so the projector that applies an event continues the trace of the
 * request that caused it (DESIGN.md decision 12). Every `EventStore`
 * implementation calls it around its own write.
 */
export function traceAppend(
  streamId: string,
  events: readonly NewEvent[],
  options: AppendOptions,
  write: (events: readonly NewEvent[]) => Promise<AppendResult>,
): Promise<AppendResult> {
  const attributes = {
    'event_store.stream.id': streamId,
    'event_store.event.count': events.length,
    'event_store.event.types': [...new Set(events.map((event) => event.type))],
    'event_store.expected_version': String(options.expectedVersion ?? 'any'),
  };
  return eventStoreTracer().startActiveSpan(`append ${category(streamId)}`, { kind: SpanKind.PRODUCER, attributes }, async (span) => {
    try {
      const result = await write(withTraceContext(events));
      span.setAttributes({ 'event_store.position': formatCursor(result.position), 'event_store.duplicate': result.duplicate });
      return result;
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : undefined });
      throw error;
    } finally {
      span.end();
    }
  });
}
