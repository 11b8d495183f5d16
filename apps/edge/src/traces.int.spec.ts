import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CONSISTENT_POSITION_HEADER, type Catalogue, type GenerateJokeResponse } from '@jokes/contracts';
// The supervisor lives in tools/, outside every project, on purpose: it is what `npm start` runs.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';
import { BillingClient } from './testing/billing-client.js';
import { OtlpReceiver, type ReceivedSpan } from './testing/otlp-receiver.js';
import { TestIssuer } from './testing/test-issuer.js';

// The product as `npm start` runs it, exporting its traces over OTLP/HTTP to a
// collector played by this test (DESIGN.md decision 12).
let stack: RunningStack;
let billing: BillingClient;
let catalogue: Catalogue;
const issuer = new TestIssuer();
const receiver = new OtlpReceiver();

beforeAll(async () => {
  await Promise.all([issuer.start(), receiver.start()]);
  // The split form, whose trace crosses the processes (edge, command API, projectors, query API).
  stack = await startStack({ env: { START_SPLIT: 'true', ...issuer.env(), ...receiver.env() } });
  billing = new BillingClient(stack.baseUrl, stack.databaseUrl, issuer);
  catalogue = (await (await fetch(`${stack.baseUrl}/api/comedians`)).json()) as Catalogue;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await Promise.all([receiver.stop(), issuer.stop()]);
}, 30_000);

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

/** A browser with OpenTelemetry's web SDK: one trace for the user's action, a span of its own per request. */
const browserTraceparent = (traceId: string) => `00-${traceId}-${randomBytes(8).toString('hex')}-01`;

/** History is Pro-only (SPEC 6): a user on a trial started with the test card that succeeds. */
async function proUser() {
  const user = await billing.newUser();
  const { confirmed } = await billing.subscribe(user, '4242 4242 4242 4242');
  if (confirmed.status !== 200) throw new Error(`the test card was not confirmed: ${JSON.stringify(confirmed.body)}`);
  return user;
}

function find(spans: ReceivedSpan[], service: string, kind: number, name: string): ReceivedSpan | undefined {
  return spans.find((span) => span.service === service && span.kind === kind && span.name === name);
}

describe('traces', () => {
  it('one generate is one trace: the edge, the command API, the append and the projector applying the event, and the history read with its position', async () => {
    const { userId, token } = await proUser();
    const traceId = randomBytes(16).toString('hex');
    const comedian = catalogue.comedians.find((c) => c.tier === 'free')!.name;

    const generate = await fetch(`${stack.baseUrl}/api/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, traceparent: browserTraceparent(traceId) },
      body: JSON.stringify({ comedian_style: comedian, topic: 'traffic jams' }),
    });
    expect(generate.status).toBe(200);
    const joke = (await generate.json()) as GenerateJokeResponse;
    const history = await fetch(`${stack.baseUrl}/api/jokes/history?user_id=${userId}`, {
      headers: { authorization: `Bearer ${token}`, [CONSISTENT_POSITION_HEADER]: joke.position, traceparent: browserTraceparent(traceId) },
    });
    expect(history.status).toBe(200);

    // Each process exports on its own schedule: wait for every span the assertions read.
    const spans = await receiver.trace(
      traceId,
      (spans) =>
        [
          find(spans, 'edge', SERVER, 'POST /api/generate'),
          find(spans, 'command-api', SERVER, 'POST /api/generate'),
          find(spans, 'command-api', PRODUCER, 'append joke'),
          find(spans, 'projectors', CONSUMER, 'project jokes'),
          find(spans, 'edge', SERVER, 'GET /api/jokes/history'),
          find(spans, 'query-api', SERVER, 'GET /api/jokes/history'),
        ].every(Boolean) && spans.filter((span) => span.service === 'edge' && span.kind === CLIENT).length === 2,
    );
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const parentOf = (span: ReceivedSpan | undefined) => (span ? byId.get(span.parentSpanId) : undefined);

    // Write path: edge in -> edge out -> command API in -> append -> projector.
    const edgeIn = find(spans, 'edge', SERVER, 'POST /api/generate');
    const commandIn = find(spans, 'command-api', SERVER, 'POST /api/generate');
    const append = find(spans, 'command-api', PRODUCER, 'append joke');
    const projected = find(spans, 'projectors', CONSUMER, 'project jokes');
    expect(edgeIn).toBeDefined();
    expect(parentOf(commandIn)).toMatchObject({ service: 'edge', kind: CLIENT });
    expect(parentOf(parentOf(commandIn))).toBe(edgeIn);
    expect(append?.attributes).toMatchObject({ 'event_store.stream.id': `joke-${joke.id}`, 'event_store.position': joke.position });
    let ancestor = parentOf(append);
    while (ancestor && ancestor !== commandIn) ancestor = parentOf(ancestor);
    expect(ancestor).toBe(commandIn);
    expect(parentOf(projected)).toBe(append);
    expect(projected?.attributes).toMatchObject({ 'event_store.event.type': 'JokeGenerated', 'event_store.stream.id': `joke-${joke.id}` });

    // PostgreSQL statements appear inside the requests and the projector's span.
    const statementsUnder = (span: ReceivedSpan | undefined) => spans.filter((s) => s.kind === CLIENT && s.attributes['db.system.name'] === 'postgresql' && parentOf(s) === span);
    expect(statementsUnder(append).length).toBeGreaterThan(0);
    expect(statementsUnder(projected).length).toBeGreaterThan(0);

    // Read path: the same browser action's second request, through the edge to the query API.
    const queryIn = find(spans, 'query-api', SERVER, 'GET /api/jokes/history');
    expect(parentOf(parentOf(queryIn))).toMatchObject({ service: 'edge', kind: SERVER, name: 'GET /api/jokes/history' });
  }, 60_000);
});
