import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { userStreamId, type VoicePreferenceChanged } from '@jokes/domain';
import { registered } from '../testing/events.js';
import { QueryApp } from '../testing/query-app.js';

let api: QueryApp;
beforeAll(async () => {
  api = await QueryApp.start('qvoice');
});
afterAll(async () => api?.stop());

const voiceChanged = (userId: string, voiceId: string, previousVoiceId: string | null): VoicePreferenceChanged => ({
  type: 'VoicePreferenceChanged',
  data: { userId, voiceId, previousVoiceId, changedAt: '2026-11-22T11:00:00.000Z' },
});
const preference = (userId: string, query: Record<string, string>) => api.call('GET', `/api/voice-preference?${new URLSearchParams(query)}`, { as: { userId, roles: [] } });

describe('GET /api/voice-preference', () => {
  it('answers the latest voice the user chose', async () => {
    const userId = randomUUID();
    await api.given(userStreamId(userId), [registered(userId), voiceChanged(userId, 'flite-slt', null), voiceChanged(userId, 'flite-awb', 'flite-slt')]);
    expect(await preference(userId, { userId })).toMatchObject({ status: 200, body: { success: true, voiceId: 'flite-awb' } });
  });

  it('answers null for a user who never chose one', async () => {
    const userId = randomUUID();
    await api.given(userStreamId(userId), [registered(userId)]);
    expect((await preference(userId, { userId })).body).toEqual({ success: true, voiceId: null });
  });

  it('answers 400 without userId', async () => {
    expect(await preference(randomUUID(), {})).toMatchObject({ status: 400, body: { error: 'Invalid request', fieldErrors: { userId: expect.any(Array) } } });
  });

  it('answers 401 without a session', async () => {
    expect(await api.call('GET', `/api/voice-preference?userId=${randomUUID()}`)).toMatchObject({ status: 401 });
  });

  it("answers 403 to another user's id", async () => {
    const other = randomUUID();
    await api.given(userStreamId(other), [registered(other), voiceChanged(other, 'flite-slt', null)]);
    expect(await preference(randomUUID(), { userId: other })).toMatchObject({ status: 403 });
  });
});
