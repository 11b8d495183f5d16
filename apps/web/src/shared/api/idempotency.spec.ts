import { describe, expect, it } from '@jest/globals';
import { makeStore } from '../store/store';
import { fakeApi, json } from '../../testing/fake-api';
import { baseApi } from './base-api';

// Endpoints of this spec only, on real routes: a command (generate) and a read sent as POST (sync-user).
const testApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    command: build.mutation<unknown, { topic: string }>({ query: (body) => ({ url: '/api/generate', method: 'POST', body }) }),
    postedRead: build.mutation<unknown, void>({ query: () => ({ url: '/api/sync-user', method: 'POST', body: {} }) }),
  }),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const keyOf = (request: Request | undefined) => request?.headers.get('idempotency-key');

describe('commands and their Idempotency-Key', () => {
  it('sends a new key with each call of a command (one press, one key)', async () => {
    const server = fakeApi().on('POST /api/generate', () => json({ id: 'j' }));
    const store = makeStore();

    await store.dispatch(testApi.endpoints.command.initiate({ topic: 'cats' }));
    await store.dispatch(testApi.endpoints.command.initiate({ topic: 'cats' }));

    const [first, second] = server.requests.map(keyOf);
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
  });

  it('sends the call again with the same key when the answer was lost, and answers with the result', async () => {
    let calls = 0;
    const server = fakeApi().on('POST /api/generate', () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return json({ id: 'j1' });
    });
    const store = makeStore();

    const result = await store.dispatch(testApi.endpoints.command.initiate({ topic: 'cats' }));

    expect(result).toEqual({ data: { id: 'j1' } });
    expect(server.requests).toHaveLength(2);
    expect(keyOf(server.requests[1])).toBe(keyOf(server.requests[0]));
  });

  it('waits out a 503 with Retry-After and a key still in use (409), with the same key', async () => {
    const answers = [
      () => json({ error: 'Service Unavailable' }, { status: 503, headers: { 'retry-after': '0' } }),
      () => json({ code: 'idempotency_key_in_use' }, { status: 409, headers: { 'retry-after': '0' } }),
      () => json({ id: 'j2' }),
    ];
    const server = fakeApi().on('POST /api/generate', () => answers.shift()!());
    const store = makeStore();

    const result = await store.dispatch(testApi.endpoints.command.initiate({ topic: 'cats' }));

    expect(result).toEqual({ data: { id: 'j2' } });
    expect(new Set(server.requests.map(keyOf)).size).toBe(1);
  });

  it('does not send again what the server refused (a 409 conflict, a 502 of the provider)', async () => {
    const server = fakeApi()
      .on('POST /api/generate', () => json({ error: 'Conflict' }, { status: 409 }))
      .on('POST /api/sync-user', () => json({ error: 'Bad Gateway' }, { status: 502 }));
    const store = makeStore();

    await store.dispatch(testApi.endpoints.command.initiate({ topic: 'cats' }));
    await store.dispatch(testApi.endpoints.postedRead.initiate());

    expect(server.requests).toHaveLength(2);
  });

  it('does not resend a 503 whose Retry-After is long (the spend ceiling) or missing (a provider failing)', async () => {
    const answers = [
      () => json({ error: 'Our writers are busy', message: 'Try again in 37 minutes.' }, { status: 503, headers: { 'retry-after': '2220' } }),
      () => json({ error: 'Failed to generate joke', message: 'Failed to generate joke' }, { status: 503 }),
    ];
    const server = fakeApi().on('POST /api/generate', () => answers.shift()!());
    const store = makeStore();

    const busy = await store.dispatch(testApi.endpoints.command.initiate({ topic: 'cats' }));
    await store.dispatch(testApi.endpoints.command.initiate({ topic: 'cats' }));

    expect(busy).toMatchObject({ error: { status: 503 } });
    expect(server.requests).toHaveLength(2);
  });

  it('never sends again a command the rate limits refused (429), whatever its Retry-After', async () => {
    const server = fakeApi().on('POST /api/generate', () => json({ error: 'Too Many Requests' }, { status: 429, headers: { 'retry-after': '1' } }));
    const store = makeStore();

    const result = await store.dispatch(testApi.endpoints.command.initiate({ topic: 'cats' }));

    expect(server.requests).toHaveLength(1);
    expect(result.error).toMatchObject({ status: 429, retryAfterSeconds: 1 });
  });

  it('sends no key with reads, even one sent as POST', async () => {
    const server = fakeApi().on('POST /api/sync-user', () => json({}));
    const store = makeStore();

    await store.dispatch(testApi.endpoints.postedRead.initiate());

    expect(keyOf(server.requests[0])).toBeNull();
  });
});
