import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { visitorStreamId } from '@jokes/domain';
import { PostgresEventStore } from '@jokes/event-store';
import { startAuthApp, type AuthApp } from '../testing/auth-app.js';
import { signedInUser } from '../testing/signed-in-user.js';

let app: AuthApp;
let store: PostgresEventStore;

beforeAll(async () => {
  app = await startAuthApp();
  store = new PostgresEventStore(app.db.pool, { notify: false });
}, 60_000);
afterAll(async () => app?.stop(), 30_000);

const pageView = (path = '/') => ({ name: 'page_view', occurred_at: '2026-03-01T09:00:00.000Z', path });
const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${app.url}/api/analytics/events`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const stored = async (visitorId: string) => store.readStream(visitorStreamId(visitorId));

describe('POST /api/analytics/events', () => {
  it('stores each item of a batch as an event on the visitor stream and answers how many', async () => {
    const visitorId = randomUUID();
    const rated = { name: 'rate_joke', occurred_at: '2026-03-01T09:00:01.000Z', comedian_style: 'Ali Wong', length: 'short', topic: 'cats', value: 4 };
    const shared = { name: 'share_joke', occurred_at: '2026-03-01T09:00:02.000Z', platform: 'x', value: 1 };
    const response = await post({ visitor_id: visitorId, events: [pageView('/history?session=secret'), rated, shared] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accepted: 3, position: expect.stringMatching(/^\d+\.\d+$/) });
    expect((await stored(visitorId)).map((event) => event.data)).toEqual([
      expect.objectContaining({ name: 'page_view', path: '/history', platform: null, value: null }),
      expect.objectContaining({ name: 'rate_joke', comedianStyle: 'Ali Wong', length: 'short', topic: 'cats', value: 4, path: null }),
      expect.objectContaining({ name: 'share_joke', platform: 'x', value: 1 }),
    ]);
  });

  it('accepts a Blob sent as sendBeacon sends it (type application/json)', async () => {
    const visitorId = randomUUID();
    const beacon = new Blob([JSON.stringify({ visitor_id: visitorId, events: [pageView('/account')] })], { type: 'application/json' });
    const response = await fetch(`${app.url}/api/analytics/events`, { method: 'POST', body: beacon });
    expect(response.status).toBe(200);
    expect(await stored(visitorId)).toHaveLength(1);
  });

  it('stores no user id even when a session is sent along', async () => {
    const user = await signedInUser(app, 'visitor');
    const visitorId = randomUUID();
    const response = await post({ visitor_id: visitorId, events: [pageView()] }, { authorization: `Bearer ${user.token}` });
    expect(response.status).toBe(200);
    const [event] = await stored(visitorId);
    const written = JSON.stringify({ data: event!.data, metadata: event!.metadata });
    expect(written).not.toContain(user.id);
    expect(written).not.toContain(user.email);
    expect(event!.metadata).toMatchObject({ actor: 'anonymous' });
  });

  it('clamps analytics items dated more than 24 hours ago (or ahead) to the receive time, and keeps a recent date', async () => {
    const visitorId = randomUUID();
    const hour = 60 * 60 * 1000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const [recent, old, ahead] = [at(-23 * hour), at(-3 * 24 * hour), at(hour)];
    const before = Date.now();
    const response = await post({ visitor_id: visitorId, events: [recent, old, ahead].map((occurred_at) => ({ name: 'page_view', occurred_at, path: '/' })) });
    expect(response.status).toBe(200);
    const dates = (await stored(visitorId)).map((event) => event.data as { occurredAt: string; receivedAt: string });
    expect(dates[0]!.occurredAt).toBe(recent);
    for (const clamped of dates.slice(1)) {
      expect(clamped.occurredAt).toBe(clamped.receivedAt);
      expect(Date.parse(clamped.occurredAt)).toBeGreaterThanOrEqual(before);
    }
  });

  it('starts a new trace for a malformed traceparent and replaces a correlation id that is not a UUID (no tracing SDK)', async () => {
    const visitorId = randomUUID();
    const response = await post({ visitor_id: visitorId, events: [pageView()] }, { traceparent: `00-${'f'.repeat(5_000)}`, 'x-correlation-id': 'x'.repeat(5_000) });
    expect(response.status).toBe(200);
    const [event] = await stored(visitorId);
    expect(event!.metadata.traceparent).toBeUndefined();
    expect(event!.metadata.correlationId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(Buffer.byteLength(JSON.stringify(event!.metadata))).toBeLessThan(1024);
  });

  it('refuses a batch of 51 items (400) and stores none of it', async () => {
    const visitorId = randomUUID();
    const response = await post({ visitor_id: visitorId, events: Array.from({ length: 51 }, () => pageView()) });
    expect(response.status).toBe(400);
    expect(await stored(visitorId)).toEqual([]);
  });

  it('refuses the whole batch for one bad item (400, naming it) and stores nothing', async () => {
    const visitorId = randomUUID();
    const response = await post({ visitor_id: visitorId, events: [pageView(), { name: 'rate_joke', occurred_at: 'yesterday' }, pageView()] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fieldErrors: { 'events.1.occurred_at': expect.any(Array) } });
    expect(await stored(visitorId)).toEqual([]);
  });

  it('refuses a body over 32 KB with 413 and stores nothing', async () => {
    const visitorId = randomUUID();
    const events = Array.from({ length: 40 }, () => ({ ...pageView(), topic: 'x'.repeat(850) }));
    const body = JSON.stringify({ visitor_id: visitorId, events });
    expect(Buffer.byteLength(body)).toBeGreaterThan(33 * 1024);
    const response = await fetch(`${app.url}/api/analytics/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ message: 'The request body is too large (at most 32768 bytes)' });
    expect(await stored(visitorId)).toEqual([]);
  });
});
