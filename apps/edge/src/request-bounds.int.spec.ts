import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Catalogue } from '@jokes/contracts';
import pg from 'pg';
// The supervisor lives in tools/, outside every project, on purpose: it is what `npm start` runs.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';
import { OtlpReceiver } from './testing/otlp-receiver.js';

// What a client sends besides its body (correlation id, trace context, keys)
// reaches every event's metadata only checked and bounded, and a body reaches
// /api only as JSON. The product as `npm start` runs it, tracing on (the SDK
// carries a request's tracestate into events: the largest metadata there is).
let stack: RunningStack;
let db: pg.Client;
let comedian: string;
const receiver = new OtlpReceiver();

beforeAll(async () => {
  await receiver.start();
  stack = await startStack({ env: receiver.env() });
  db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const catalogue = (await (await fetch(`${stack.baseUrl}/api/comedians`)).json()) as Catalogue;
  comedian = catalogue.comedians.find((c) => c.tier === 'free')!.name;
}, 120_000);
afterAll(async () => {
  await db?.end();
  await stack?.stop();
  await receiver.stop();
}, 30_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const VALID_TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

/** About 14 KB of request context, every value as large as a header may be (and a valid 500-character tracestate). */
const hugeHeaders = {
  'x-correlation-id': 'c'.repeat(5_000),
  traceparent: `${VALID_TRACEPARENT}${'-ff'.repeat(1_500)}`,
  tracestate: Array.from({ length: 10 }, (_, n) => `vendor${n}=${'v'.repeat(40)}`).join(','),
  'idempotency-key': 'k'.repeat(128),
  'user-agent': 'u'.repeat(3_000),
};

const generate = (headers: Record<string, string>, body = JSON.stringify({ comedian_style: comedian, topic: 'headers' })) =>
  fetch(`${stack.baseUrl}/api/generate`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

const metadataBytes = async (streamId: string) =>
  (await db.query<{ bytes: number }>('SELECT octet_length(metadata::text) AS bytes FROM events WHERE stream_id = $1', [streamId])).rows.map((row) => row.bytes);
const metadataOf = async (streamId: string) =>
  (await db.query<{ metadata: Record<string, unknown> }>('SELECT metadata FROM events WHERE stream_id = $1', [streamId])).rows[0]!.metadata;
const lastPosition = async () => (await db.query<{ last: string | null }>('SELECT max(global_position)::text AS last FROM events')).rows[0]!.last;

describe('what a request carries besides its body', () => {
  it('keeps event metadata under 1 KB whatever headers a request carries', async () => {
    const total = Object.entries(hugeHeaders).reduce((sum, [name, value]) => sum + name.length + value.length, 0);
    expect(total).toBeGreaterThan(13_000);

    const generated = await generate(hugeHeaders);
    expect(generated.status).toBe(200);
    const { id } = (await generated.json()) as { id: string };

    const visitorId = randomUUID();
    const items = Array.from({ length: 50 }, () => ({ name: 'page_view', occurred_at: new Date().toISOString(), path: `/${'p'.repeat(299)}` }));
    const batch = await fetch(`${stack.baseUrl}/api/analytics/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...hugeHeaders, 'idempotency-key': 'k'.repeat(127) },
      body: JSON.stringify({ visitor_id: visitorId, events: items }),
    });
    expect(batch.status).toBe(200);

    const sizes = [...(await metadataBytes(`joke-${id}`)), ...(await metadataBytes(`visitor-${visitorId}`))];
    expect(sizes).toHaveLength(51);
    expect(Math.max(...sizes)).toBeLessThan(1024);
  });

  it('replaces a correlation id that is not a UUID, in the answer and in the events', async () => {
    const answer = await generate({ 'x-correlation-id': 'req-1; injected' });
    const echoed = answer.headers.get('x-correlation-id')!;
    expect(echoed).toMatch(UUID);
    const { id } = (await answer.json()) as { id: string };
    expect(await metadataOf(`joke-${id}`)).toMatchObject({ correlationId: echoed });
  });

  it('echoes no correlation id that is not a UUID from a cached answer either', async () => {
    const cached = await fetch(`${stack.baseUrl}/api/comedians`, { headers: { 'x-correlation-id': 'c'.repeat(5_000) } });
    expect(cached.status).toBe(200);
    expect(cached.headers.get('age')).not.toBeNull();
    expect(cached.headers.get('x-correlation-id')).toMatch(UUID);
  });

  it("keeps a client's UUID correlation id", async () => {
    const correlationId = randomUUID();
    const answer = await generate({ 'x-correlation-id': correlationId });
    expect(answer.headers.get('x-correlation-id')).toBe(correlationId);
    const { id } = (await answer.json()) as { id: string };
    expect(await metadataOf(`joke-${id}`)).toMatchObject({ correlationId });
  });
});

/** A POST the way a page on another site could make a browser send it, or with no content type at all. */
function postRaw(path: string, body: string, contentType?: string): Promise<{ status: number; body: unknown }> {
  const url = new URL(path, stack.baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { hostname: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-length': Buffer.byteLength(body), ...(contentType ? { 'content-type': contentType } : {}) } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) as unknown }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('a body on /api that is not JSON', () => {
  const refusal = { error: 'Unsupported Media Type', message: 'Send the request body as JSON (Content-Type: application/json)' };

  it('answers 415 to a form-encoded generate and appends nothing', async () => {
    const before = await lastPosition();
    const answer = await postRaw('/api/generate', `comedian_style=${encodeURIComponent(comedian)}&topic=csrf`, 'application/x-www-form-urlencoded');
    expect(answer).toEqual({ status: 415, body: refusal });
    expect(await lastPosition()).toBe(before);
  });

  it.each([
    ['text/plain', JSON.stringify({ comedian_style: 'Jerry Seinfeld' }), 'text/plain;charset=UTF-8'],
    ['multipart/form-data', '--x\r\nContent-Disposition: form-data; name="comedian_style"\r\n\r\nJerry Seinfeld\r\n--x--\r\n', 'multipart/form-data; boundary=x'],
    ['no content type at all', JSON.stringify({ comedian_style: 'Jerry Seinfeld' }), undefined],
  ])('answers 415 to a body sent as %s on the command and the query side and appends nothing', async (_name, body, type) => {
    const before = await lastPosition();
    for (const path of ['/api/generate', '/api/sync-user', `/api/jokes/${randomUUID()}/share`]) {
      expect(await postRaw(path, body, type)).toEqual({ status: 415, body: refusal });
    }
    expect(await lastPosition()).toBe(before);
  });
});
