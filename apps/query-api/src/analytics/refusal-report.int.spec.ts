import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jokeStreamId, type JokeGenerated, type JokeRefused } from '@jokes/domain';
import { QueryApp } from '../testing/query-app.js';

const generated = (comedianStyle: string, generatedAt: string): JokeGenerated => ({
  type: 'JokeGenerated',
  data: { jokeId: randomUUID(), userId: null, comedianStyle, topic: 'cats', topicSuggested: false, length: 'short', content: 'A joke.', writer: 'offline', premiumBypass: false, generatedAt },
});
const refused = (comedianStyle: string, category: JokeRefused['data']['category'], stage: JokeRefused['data']['stage'], refusedAt: string): JokeRefused => ({
  type: 'JokeRefused',
  data: { jokeId: randomUUID(), comedianStyle, length: 'short', stage, category, moderator: 'offline', refusedAt },
});

let api: QueryApp;
beforeAll(async () => {
  api = await QueryApp.start('qrefusals');
  // Bill Burr: 3 written, 1 refused topic (hate) on 1 March; 1 refused joke (threat) on 2 March. Ali Wong: 1 written.
  for (const event of [
    generated('Bill Burr', '2026-03-01T10:00:00.000Z'),
    generated('Bill Burr', '2026-03-01T11:00:00.000Z'),
    generated('Bill Burr', '2026-03-02T10:00:00.000Z'),
    generated('Ali Wong', '2026-03-02T11:00:00.000Z'),
    refused('Bill Burr', 'hate', 'topic', '2026-03-01T12:00:00.000Z'),
    refused('Bill Burr', 'threat', 'joke', '2026-03-02T12:00:00.000Z'),
  ]) {
    await api.given(jokeStreamId(event.data.jokeId), [event]);
  }
});
afterAll(async () => api?.stop());

const analyst = { userId: randomUUID(), roles: ['analyst'] };
const refusals = (search: string, as: { userId: string; roles?: string[] } | null = analyst) => api.call('GET', `/api/analytics/refusals${search}`, as ? { as } : {});
const none = { sexual_minors: 0, sexual_real_person: 0, hate: 0, self_harm: 0, threat: 0, weapons_crime: 0 };

describe('GET /api/analytics/refusals', () => {
  it('answers per comedian the attempts, the refusals, their rate and their counts by category and stage', async () => {
    expect(await refusals('?by=comedian')).toMatchObject({
      status: 200,
      body: {
        by: 'comedian',
        rows: [
          { key: 'Ali Wong', attempts: 1, refused: 0, refusal_rate: 0, categories: none, stages: { topic: 0, joke: 0 } },
          { key: 'Bill Burr', attempts: 5, refused: 2, refusal_rate: 0.4, categories: { ...none, hate: 1, threat: 1 }, stages: { topic: 1, joke: 1 } },
        ],
      },
    });
  });

  it('answers per day by default, within from and to', async () => {
    const answer = await refusals('?from=2026-03-02');
    expect(answer).toMatchObject({ status: 200, body: { by: 'day', from: '2026-03-02', rows: [{ key: '2026-03-02', attempts: 3, refused: 1, refusal_rate: 0.3333 }] } });
  });

  it('answers 400 to a dimension it does not have', async () => {
    expect(await refusals('?by=topic')).toMatchObject({ status: 400, body: { fieldErrors: { by: expect.any(Array) } } });
  });

  it('answers 401 without a session and 403 to a user without the role', async () => {
    expect(await refusals('', null)).toMatchObject({ status: 401 });
    expect(await refusals('', { userId: randomUUID(), roles: ['support'] })).toMatchObject({ status: 403, body: { error: 'Forbidden', message: 'Refusal figures are for analysts.' } });
  });
});
