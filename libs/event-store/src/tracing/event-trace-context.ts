import { context, propagation, ROOT_CONTEXT, trace, type Context, type SpanContext } from '@opentelemetry/api';
import type { EventMetadata, NewEvent } from '../port/types.js';

/** The tracer of the event store's own spans (appends, applied projection batches). */
export const eventStoreTracer = () => trace.getTracer('@jokes/event-store');

/**
 * The longest `tracestate` kept in an event's metadata. The propagator accepts
 * up to 512 characters from a request (W3C's minimum to pass on); half of that
 * still carries a few vendors' entries and keeps a client's header from
 * making up most of every event's metadata (under 1 KB in all).
 */
export const MAX_EVENT_TRACESTATE_CHARS = 256;

/**
 * The events with the trace context of `active` in their metadata
 * (`traceparent`, and `tracestate` when there is one of at most
 * MAX_EVENT_TRACESTATE_CHARS), replacing what the request's headers put
 * there: the append's own span is the parent a projector should continue from. Without a tracing SDK nothing is injected
 * and the events are returned as they came, the request's header included.
 */
export function withTraceContext(events: readonly NewEvent[], active: Context = context.active()): readonly NewEvent[] {
  const carrier: Record<string, string> = {};
  propagation.inject(active, carrier);
  if (!carrier.traceparent) return events;
  const { traceparent, tracestate } = carrier;
  const traceFields = { traceparent, ...(tracestate && tracestate.length <= MAX_EVENT_TRACESTATE_CHARS ? { tracestate } : {}) };
  return events.map((event) => ({ ...event, metadata: { ...event.metadata, ...traceFields } }));
}

/** The span context an event was appended in, read back from its metadata; `undefined` when it carries none (or tracing is off). */
export function eventSpanContext(metadata: EventMetadata): SpanContext | undefined {
  if (typeof metadata.traceparent !== 'string') return undefined;
  const carrier: Record<string, string> = { traceparent: metadata.traceparent };
  if (typeof metadata.tracestate === 'string') carrier.tracestate = metadata.tracestate;
  const spanContext = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, carrier));
  return spanContext && trace.isSpanContextValid(spanContext) ? spanContext : undefined;
}
