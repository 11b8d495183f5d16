import { context, SpanKind, SpanStatusCode, trace, type Link, type Span } from '@opentelemetry/api';
import { formatCursor, type StoredEvent } from '../port/types.js';
import { eventSpanContext, eventStoreTracer } from './event-trace-context.js';

/**
 * Above this many traced events a batch is a catch-up (after a restart, a
 * rebuild): one span linked to the first of them says what happened without
 * flooding the exporter with children of traces that ended long ago.
 */
export const MAX_EVENT_SPANS = 64;
const MAX_LINKS = 128;

/**
 * Runs `apply` (one batch in its transaction) inside consumer spans that
 * continue the traces the events were appended in: one `project <name>` span
 * per event the projection handles that carries a trace context, parented to
 * the append that wrote it, all covering the same transaction. The first is
 * active while `apply` runs, so the batch's statements appear under it. A
 * batch of handled events none of which is traced, or a catch-up batch, gets
 * one span of its own with links instead; a batch of events the projection
 * ignores (it only moves the checkpoint) gets none. Without a tracing SDK no
 * context is found and `apply` simply runs.
 */
export async function traceProjectionBatch<T>(
  projection: { name: string; handles: readonly string[] },
  events: readonly StoredEvent[],
  apply: () => Promise<T>,
): Promise<T> {
  const handled = events.filter((event) => projection.handles.includes(event.type));
  if (handled.length === 0) return apply();
  const traced = handled.flatMap((event) => {
    const parent = eventSpanContext(event.metadata);
    return parent ? [{ event, parent }] : [];
  });
  const tracer = eventStoreTracer();
  const name = `project ${projection.name}`;
  const batch = { 'projection.name': projection.name, 'projection.batch.size': events.length };
  let spans: Span[];
  if (traced.length === 0 || traced.length > MAX_EVENT_SPANS) {
    const links: Link[] = traced.slice(0, MAX_LINKS).map(({ parent }) => ({ context: parent }));
    spans = [tracer.startSpan(name, { kind: SpanKind.CONSUMER, attributes: batch, links, root: true })];
  } else {
    spans = traced.map(({ event, parent }) =>
      tracer.startSpan(
        name,
        {
          kind: SpanKind.CONSUMER,
          attributes: {
            ...batch,
            'event_store.event.type': event.type,
            'event_store.event.id': event.eventId,
            'event_store.stream.id': event.streamId,
            'event_store.position': formatCursor(event),
          },
        },
        trace.setSpanContext(context.active(), parent),
      ),
    );
  }
  try {
    return await context.with(trace.setSpan(context.active(), spans[0]!), apply);
  } catch (error) {
    for (const span of spans) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : undefined });
    }
    throw error;
  } finally {
    for (const span of spans) span.end();
  }
}
