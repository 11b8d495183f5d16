import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { COMEDIANS, LENGTHS, TRIAL_DAYS } from '@jokes/domain';
import { QueryApp } from './testing/query-app.js';

let api: QueryApp;
beforeAll(async () => {
  api = await QueryApp.start('qpublic');
});
afterAll(async () => api?.stop());

describe('reads open to anyone', () => {
  it('GET /api/comedians answers the catalogue, cacheable for an hour, with or without a session', async () => {
    for (const as of [undefined, { userId: randomUUID() }]) {
      const answer = await api.call('GET', '/api/comedians', { as });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(answer.body).toMatchObject({ comedians: expect.any(Array), lengths: expect.any(Array) });
      const { comedians, lengths } = answer.body as { comedians: unknown[]; lengths: unknown[] };
      expect([comedians.length, lengths.length]).toEqual([COMEDIANS.length, LENGTHS.length]);
    }
  });

  it('GET /api/config answers where auth lives and its public key', async () => {
    const answer = await api.call('GET', '/api/config');
    expect(answer).toMatchObject({ status: 200, body: { supabaseAnonKey: expect.any(String), devMailbox: expect.any(Boolean) } });
    expect(answer.body).toHaveProperty('supabaseUrl');
  });

  it('GET /api/billing/config answers the provider, the trial and both plans', async () => {
    const answer = await api.call('GET', '/api/billing/config');
    expect(answer).toMatchObject({
      status: 200,
      body: { trialDays: TRIAL_DAYS, plans: { monthly: { amount: 499, interval: 'month' }, yearly: { amount: 2999, interval: 'year' } } },
    });
  });

  it('GET /health is ok once the read models exist', async () => {
    expect(await api.call('GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } });
  });
});
