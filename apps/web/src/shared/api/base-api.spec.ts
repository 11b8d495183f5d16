import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { makeStore } from '../store/store';
import { fakeApi, json } from '../../testing/fake-api';
import { baseApi } from './base-api';

// Endpoints of this spec only, so shared code is tested without any feature.
const testApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    write: build.mutation<unknown, { name: string }>({ query: (body) => ({ url: '/api/write', method: 'POST', body }) }),
    postedRead: build.mutation<unknown, void>({
      query: () => ({ url: '/api/posted-read', method: 'POST', body: {} }),
      extraOptions: { consistentRead: true },
    }),
    read: build.query<unknown, void>({ query: () => '/api/read' }),
    typedRead: build.query<{ ok: boolean }, void>({
      query: () => '/api/typed',
      responseSchema: z.object({ ok: z.boolean() }),
    }),
  }),
});

describe('base API', () => {
  it('sends the last write position as X-Consistent-Position on later reads, not on writes', async () => {
    const server = fakeApi()
      .on('POST /api/write', () => json({ id: 'j1', position: '42.7' }))
      .on('GET /api/read', () => json([]));
    const store = makeStore();

    await store.dispatch(testApi.endpoints.read.initiate());
    await store.dispatch(testApi.endpoints.write.initiate({ name: 'first' }));
    await store.dispatch(testApi.endpoints.read.initiate(undefined, { forceRefetch: true }));

    const [firstRead, write, secondRead] = server.requests;
    expect(firstRead?.headers.get('x-consistent-position')).toBeNull();
    expect(write?.headers.get('x-consistent-position')).toBeNull();
    expect(secondRead?.headers.get('x-consistent-position')).toBe('42.7');
  });

  it('sends the position on a read sent as POST (sync-user) too', async () => {
    const server = fakeApi()
      .on('POST /api/write', () => json({ position: '42.7' }))
      .on('POST /api/posted-read', () => json({}));
    const store = makeStore();

    await store.dispatch(testApi.endpoints.write.initiate({ name: 'first' }));
    await store.dispatch(testApi.endpoints.postedRead.initiate());

    expect(server.requests[1]?.headers.get('x-consistent-position')).toBe('42.7');
  });

  it('sends credentials and a JSON body with a JSON content type', async () => {
    const server = fakeApi().on('POST /api/write', () => json({}));
    const store = makeStore();

    await store.dispatch(testApi.endpoints.write.initiate({ name: 'x' }));

    const [write] = server.requests;
    expect(write?.credentials).toBe('include');
    expect(write?.headers.get('content-type')).toBe('application/json');
    expect(await write?.json()).toEqual({ name: 'x' });
  });

  it('reports a failed call as "status: body text", with the parsed body', async () => {
    fakeApi().on('GET /api/read', () => json({ error: 'Nope' }, { status: 500, statusText: 'Internal Server Error' }));
    const store = makeStore();

    const result = await store.dispatch(testApi.endpoints.read.initiate());

    expect(result.error).toEqual({ status: 500, message: '500: {"error":"Nope"}', body: { error: 'Nope' } });
  });

  it('reports a response that breaks its contract as an error', async () => {
    fakeApi().on('GET /api/typed', () => json({ ok: 'yes' }));
    const store = makeStore();

    const result = await store.dispatch(testApi.endpoints.typedRead.initiate());

    expect(result.error).toMatchObject({ status: 'PARSING_ERROR' });
  });

  it('never retries a failed call', async () => {
    const server = fakeApi().on('GET /api/read', () => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const store = makeStore();

    const result = await store.dispatch(testApi.endpoints.read.initiate());

    expect(result.error).toMatchObject({ message: '503: Service Unavailable' });
    expect(server.requests).toHaveLength(1);
  });
});
