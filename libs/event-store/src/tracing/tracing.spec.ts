import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type SpanContext } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { WrongExpectedVersionError } from '../port/errors.js';
import { InMemoryEventStore } from '../in-memory/in-memory-event-store.js';
import type { StoredEvent } from '../port/types.js';
import { MAX_EVENT_TRACESTATE_CHARS } from './event-trace-context.js';
import { MAX_EVENT_SPANS, traceProjectionBatch } from './projection-spans.js';

/** What the tests read of a finished span (the SDK's ReadableSpan). */
interface FinishedSpan {
  name: string;
  kind: SpanKind;
  spanContext(): SpanContext;
  parentSpanContext?: SpanContext;
  status: { code: SpanStatusCode };
  links: { context: SpanContext }[];
  attributes: Record<string, unknown>;
}

const HEADER_TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const traceparentOf = (span: SpanContext) => `00-${span.traceId}-${span.spanId}-01`;
const jokes = { name: 'jokes', handles: ['JokeGenerated'] };
const jokeGenerated = (jokeId: string) => ({ type: 'JokeGenerated', data: { jokeId }, metadata: { correlationId: 'corr-1', traceparent: HEADER_TRACEPARENT } });

describe('without a tracing SDK (no OTLP endpoint)', () => {
  it('an append keeps the traceparent the request carried', async () => {
    const store = new InMemoryEventStore();
    await store.append('joke-1', [jokeGenerated('1')]);
    expect((await store.readStream('joke-1'))[0]!.metadata.traceparent).toBe(HEADER_TRACEPARENT);
  });

  it('a projection batch simply runs', async () => {
    await expect(traceProjectionBatch(jokes, [], async () => 'applied')).resolves.toBe('applied');
  });
});

describe('with a tracing SDK', () => {
  const finished: FinishedSpan[] = [];
  let sdk: NodeSDK;
  const tracer = () => trace.getTracer('test');
  const spanNamed = (name: string) => finished.filter((span) => span.name === name);

  beforeAll(() => {
    const recorder = { onStart: () => undefined, onEnd: (span: FinishedSpan) => void finished.push(span), forceFlush: async () => undefined, shutdown: async () => undefined };
    sdk = new NodeSDK({ spanProcessors: [recorder], autoDetectResources: false, metricReaders: [], logRecordProcessors: [] });
    sdk.start();
  });
  afterAll(() => sdk.shutdown());

  /** Appends inside a request's span, as the command API does, and answers the append's span. */
  async function appendInRequest(store: InMemoryEventStore, streamId: string) {
    finished.length = 0;
    await tracer().startActiveSpan('POST /api/generate', async (request) => {
      await store.append(streamId, [jokeGenerated(streamId)], { expectedVersion: 'no_stream' });
      request.end();
    });
    return { append: spanNamed('append joke')[0]!, request: spanNamed('POST /api/generate')[0]! };
  }

  it('an append records a producer span inside the request and writes that span, not the header, into every event', async () => {
    const store = new InMemoryEventStore();
    const { append, request } = await appendInRequest(store, 'joke-2');
    expect(append.kind).toBe(SpanKind.PRODUCER);
    expect(append.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(append.attributes).toMatchObject({ 'event_store.stream.id': 'joke-2', 'event_store.event.count': 1, 'event_store.position': '1.1' });
    const [event] = await store.readStream('joke-2');
    expect(event!.metadata).toMatchObject({ correlationId: 'corr-1', traceparent: traceparentOf(append.spanContext()) });
  });

  it.each([
    ['keeps a short tracestate', 'vendor=abc,other=x1', true],
    ['leaves out a tracestate longer than the bound (the propagator passes up to 512 characters)', `vendor=${'a'.repeat(250)},other=${'b'.repeat(200)}`, false],
  ])('%s in the events it appends', async (_name, tracestate, kept) => {
    const store = new InMemoryEventStore();
    const requestContext = propagation.extract(ROOT_CONTEXT, { traceparent: HEADER_TRACEPARENT, tracestate });
    await context.with(requestContext, () => store.append('joke-ts', [jokeGenerated('ts')]));
    const [event] = await store.readStream('joke-ts');
    expect(event!.metadata.traceparent).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-/);
    expect(event!.metadata.tracestate).toBe(kept ? tracestate : undefined);
    expect(String(event!.metadata.tracestate ?? '').length).toBeLessThanOrEqual(MAX_EVENT_TRACESTATE_CHARS);
  });

  it('a refused append ends its span as an error', async () => {
    const store = new InMemoryEventStore();
    await store.append('joke-3', [jokeGenerated('3')]);
    finished.length = 0;
    await expect(store.append('joke-3', [jokeGenerated('3b')], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(spanNamed('append joke')[0]!.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('applying an event continues the trace of the append that wrote it, its statements under that span', async () => {
    const store = new InMemoryEventStore();
    const { append } = await appendInRequest(store, 'joke-4');
    const events = await store.readAll({ transactionId: 0n, globalPosition: 0n });
    finished.length = 0;
    let activeDuringApply: SpanContext | undefined;
    await traceProjectionBatch(jokes, events, async () => {
      activeDuringApply = trace.getActiveSpan()?.spanContext();
    });
    const [projected] = spanNamed('project jokes');
    expect(projected!.kind).toBe(SpanKind.CONSUMER);
    expect(projected!.spanContext().traceId).toBe(append.spanContext().traceId);
    expect(projected!.parentSpanContext?.spanId).toBe(append.spanContext().spanId);
    expect(projected!.attributes).toMatchObject({ 'projection.name': 'jokes', 'event_store.event.type': 'JokeGenerated', 'event_store.stream.id': 'joke-4' });
    expect(activeDuringApply?.spanId).toBe(projected!.spanContext().spanId);
  });

  it('a batch of events from two requests adds a span to each trace', async () => {
    const store = new InMemoryEventStore();
    const first = (await appendInRequest(store, 'joke-5')).append.spanContext();
    const second = (await appendInRequest(store, 'joke-6')).append.spanContext();
    finished.length = 0;
    await traceProjectionBatch(jokes, await store.readAll({ transactionId: 0n, globalPosition: 0n }), async () => undefined);
    expect(spanNamed('project jokes').map((span) => [span.spanContext().traceId, span.parentSpanContext?.spanId])).toEqual([
      [first.traceId, first.spanId],
      [second.traceId, second.spanId],
    ]);
  });

  it('a catch-up batch is one span linked to the traces instead of a child in each', async () => {
    const store = new InMemoryEventStore();
    await context.with(trace.setSpan(context.active(), tracer().startSpan('bulk')), async () => {
      for (let i = 0; i <= MAX_EVENT_SPANS; i++) await store.append(`joke-c${i}`, [jokeGenerated(`c${i}`)]);
    });
    finished.length = 0;
    await traceProjectionBatch(jokes, await store.readAll({ transactionId: 0n, globalPosition: 0n }), async () => undefined);
    const spans = spanNamed('project jokes');
    expect(spans).toHaveLength(1);
    expect(spans[0]!.parentSpanContext).toBeUndefined();
    expect(spans[0]!.links).toHaveLength(MAX_EVENT_SPANS + 1);
    expect(spans[0]!.attributes['projection.batch.size']).toBe(MAX_EVENT_SPANS + 1);
  });

  it('a batch of events that carry no trace context gets a span of its own', async () => {
    const untraced: StoredEvent = { ...(await readOne()), metadata: { correlationId: 'corr-2' } };
    finished.length = 0;
    await traceProjectionBatch(jokes, [untraced], async () => undefined);
    expect(spanNamed('project jokes')).toHaveLength(1);
    expect(spanNamed('project jokes')[0]!.parentSpanContext).toBeUndefined();
  });

  it('a batch of events the projection ignores records no span', async () => {
    const event = await readOne();
    finished.length = 0;
    await expect(traceProjectionBatch({ name: 'users', handles: ['UserRegistered'] }, [event], async () => 'moved')).resolves.toBe('moved');
    expect(spanNamed('project users')).toHaveLength(0);
  });

  it('a batch that fails marks its spans as errors and still fails', async () => {
    const event = await readOne();
    finished.length = 0;
    await expect(traceProjectionBatch(jokes, [event], async () => Promise.reject(new Error('constraint violated')))).rejects.toThrow('constraint violated');
    expect(spanNamed('project jokes')[0]!.status.code).toBe(SpanStatusCode.ERROR);
  });

  async function readOne(): Promise<StoredEvent> {
    const store = new InMemoryEventStore();
    await appendInRequest(store, 'joke-x');
    return (await store.readStream('joke-x'))[0]!;
  }
});
