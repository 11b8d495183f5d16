import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { SPEECH_TEXT_MAX_LENGTH, VOICE_SAMPLE_TEXT, type ListVoicesResponse, type SaveVoicePreferenceResponse } from '@jokes/contracts';
import { subscriptionStreamId, userStreamId, VOICE_PREMIUM_MESSAGE, type SubscriptionEvent } from '@jokes/domain';
import { EVENT_STORE, migrate, PostgresEventStore } from '@jokes/event-store';
import { createTestDatabase, type TestDatabase } from '@jokes/event-store/testing';
import { commandErrorFilter } from '../command-errors.js';
import { openRateLimits } from '../rate-limits/rate-limits.module.js';
import { RateLimits } from '../rate-limits/rate-limits.js';
import { EntitlementsService } from '../jokes/entitlements.service.js';
import { NarrationQuota } from '../spend/narration-quota.js';
import { readSpendConfig } from '../spend/spend.config.js';
import { spendMigrations } from '../spend/spend.migrations.js';
import { SpendCounters } from '../spend/spend-counters.repository.js';
import { AudioController } from './audio.controller.js';
import { AudioStore } from './audio/audio-store.js';
import { SpeechEngine } from './engines/speech-engine.port.js';
import { NarrationBlocks, narrationBlocksMigrations } from './narration-blocks.js';
import { JOKE_TAKEN_DOWN, NARRATION_REFUSED_MESSAGE, SpeechService } from './speech.service.js';
import { summarizeMp3 } from './testing/mp3-frames.js';
import { ScriptedEngine } from './testing/scripted-engine.js';
import type { VoiceConfig } from './voice.config.js';
import { VoiceController } from './voice.controller.js';
import { VOICE_CONFIG } from './voice.tokens.js';
import { ContentSafety, ContentSafetyError, type SafetyVerdict } from '../jokes/safety/content-safety.port.js';
import { OfflineContentSafety } from '../jokes/safety/offline/offline-content-safety.js';

/** The offline moderator's verdicts, or a failure to judge when a test sets one. */
class ScriptedModerator extends ContentSafety {
  readonly moderatorName = 'scripted';
  failure: ContentSafetyError | undefined;
  private readonly offline = new OfflineContentSafety();
  checkTopic(topic: string): Promise<SafetyVerdict> {
    return this.failure ? Promise.reject(this.failure) : this.offline.checkTopic(topic);
  }
  checkJoke(joke: string): Promise<SafetyVerdict> {
    return this.failure ? Promise.reject(this.failure) : this.offline.checkJoke(joke);
  }
}

const DAILY_QUOTA = 200;
let db: TestDatabase;
let store: PostgresEventStore;
let app: INestApplication;
let baseUrl: string;
let audioDir: string;
const engine = new ScriptedEngine();
const moderator = new ScriptedModerator();
let speech: SpeechService;

beforeAll(async () => {
  db = await createTestDatabase('voice');
  store = new PostgresEventStore(db.pool, { notify: false });
  await store.migrate();
  await migrate(db.pool, 'spend', spendMigrations);
  await migrate(db.pool, 'voice', narrationBlocksMigrations);
  audioDir = await mkdtemp(join(tmpdir(), 'voice-audio-'));
  // A short engine time, so the hanging provider's test ends soon; a real synthesis takes well under it.
  const config: VoiceConfig = { audioDir, audioCacheMaxBytes: 50 * 1024 * 1024, speechTimeoutMs: 3_000 };
  const moduleRef = await Test.createTestingModule({
    controllers: [VoiceController, AudioController],
    providers: [
      SpeechService,
      EntitlementsService,
      { provide: EVENT_STORE, useValue: store },
      // Text-to-speech is rate-limited (@RateLimited): the real counters, at their defaults.
      // This spec narrates far more than a person would in a minute; the limits have their own (edge/rate-limits.int.spec.ts).
      { provide: RateLimits, useValue: await openRateLimits(db.pool, { RATE_LIMIT_TEXT_TO_SPEECH_PER_MINUTE: '0', RATE_LIMIT_TEXT_TO_SPEECH_PER_HOUR: '0' }) },
      { provide: SpeechEngine, useValue: engine },
      { provide: ContentSafety, useValue: moderator },
      { provide: VOICE_CONFIG, useValue: config },
      // A small daily quota: the tests here narrate a few short jokes per user.
      { provide: NarrationQuota, useValue: new NarrationQuota(new SpendCounters(db.pool), readSpendConfig({ NARRATION_CHARACTERS_PER_USER_PER_DAY: String(DAILY_QUOTA) })) },
      { provide: AudioStore, useValue: new AudioStore(audioDir, config.audioCacheMaxBytes) },
      { provide: NarrationBlocks, useValue: new NarrationBlocks(db.pool) },
    ],
  }).compile();
  speech = moduleRef.get(SpeechService);
  app = moduleRef.createNestApplication({ logger: false });
  app.useGlobalFilters(commandErrorFilter());
  // Stands in for the CallerGuard: the caller is whoever x-test-user names.
  app.use((request: { headers: Record<string, string>; caller?: unknown }, _response: unknown, next: () => void) => {
    const userId = request.headers['x-test-user'];
    if (userId) request.caller = { userId, email: `${userId}@example.com`, sessionId: null, role: 'authenticated', roles: ['support'], aal: 'aal1' };
    next();
  });
  await app.listen(0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
}, 30_000);

afterAll(async () => {
  await app?.close();
  await db?.drop();
  await rm(audioDir, { recursive: true, force: true });
});

beforeEach(() => {
  moderator.failure = undefined;
  engine.mode = 'speak';
  engine.synthesized.length = 0;
});

async function user(pro: boolean): Promise<string> {
  const userId = randomUUID();
  await store.append(userStreamId(userId), [
    { type: 'UserRegistered', data: { userId, email: `${userId}@example.com`, username: userId.slice(0, 8), ageConfirmed: true, rememberMe: false, registeredAt: '2026-11-20T10:00:00.000Z' } },
    { type: 'EmailConfirmed', data: { userId, email: `${userId}@example.com`, confirmedAt: '2026-11-20T10:05:00.000Z' } },
  ], { expectedVersion: 'no_stream' });
  if (pro) {
    const subject = { userId, subscriptionId: `sub_${userId}` };
    const trial: SubscriptionEvent[] = [
      { type: 'CheckoutStarted', data: { ...subject, customerId: `cus_${userId}`, plan: 'monthly', promoCode: null, amount: 499, currency: 'usd', withTrial: true, startedAt: '2026-11-21T08:00:00.000Z' } },
      { type: 'TrialStarted', data: { ...subject, plan: 'monthly', trialEndsAt: '2099-01-01T00:00:00.000Z', startedAt: '2026-11-21T08:01:00.000Z' } },
    ];
    await store.append(subscriptionStreamId(userId), trial, { expectedVersion: 'no_stream' });
  }
  return userId;
}

interface Answer {
  status: number;
  headers: Headers;
  /** The JSON answer; `audioUrl` is read where the call was a narration. */
  body: { audioUrl: string } & Record<string, unknown>;
}

async function call(method: 'GET' | 'POST', path: string, options: { as?: string; body?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.as) headers['x-test-user'] = options.as;
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

const JOKE = 'I told my wife she was drawing her eyebrows too high. She looked surprised.';
const speak = (as: string | undefined, body: Record<string, unknown>) => call('POST', '/api/text-to-speech', { as, body });
const save = (as: string | undefined, body: Record<string, unknown>) => call('POST', '/api/save-voice-preference', { as, body });
const audioFiles = async () => (await readdir(audioDir)).sort();

describe('GET /api/voices', () => {
  it('lists the engine voices, two men and two women at least, and tells a Pro caller they are premium', async () => {
    const userId = await user(true);
    const answer = await call('GET', `/api/voices?userId=${userId}`, { as: userId });
    expect(answer.status).toBe(200);
    const body = answer.body as unknown as ListVoicesResponse;
    expect(body).toMatchObject({ success: true, isPremium: true, requiresSubscription: false });
    expect(body.voices.filter((voice) => voice.gender === 'male').length).toBeGreaterThanOrEqual(2);
    expect(body.voices.filter((voice) => voice.gender === 'female').length).toBeGreaterThanOrEqual(2);
  });

  it('tells a free caller that narration needs a subscription', async () => {
    const userId = await user(false);
    expect((await call('GET', `/api/voices?userId=${userId}`, { as: userId })).body).toMatchObject({ success: true, isPremium: false, requiresSubscription: true });
  });

  it('answers 401 without a session, 403 for another user, 400 without userId', async () => {
    const userId = await user(true);
    expect((await call('GET', `/api/voices?userId=${userId}`)).status).toBe(401);
    expect(await call('GET', `/api/voices?userId=${randomUUID()}`, { as: userId })).toMatchObject({ status: 403, body: { error: 'Forbidden' } });
    expect(await call('GET', '/api/voices', { as: userId })).toMatchObject({ status: 400, body: { fieldErrors: { userId: expect.any(Array) } } });
  });
});

describe('POST /api/save-voice-preference', () => {
  it('records VoicePreferenceChanged and answers the user record with the voice, Pro and a position', async () => {
    const userId = await user(true);
    const answer = await save(userId, { voiceId: 'flite-slt', userId });
    expect(answer.status).toBe(200);
    const body = answer.body as unknown as SaveVoicePreferenceResponse;
    expect(body).toEqual({
      success: true,
      voiceId: 'flite-slt',
      user: {
        id: userId,
        email: `${userId}@example.com`,
        username: userId.slice(0, 8),
        created_at: '2026-11-20T10:00:00.000Z',
        stripe_customer_id: `cus_${userId}`,
        has_active_subscription: true,
        selected_voice_id: 'flite-slt',
        email_confirmed: true,
        roles: ['support'],
        position: expect.stringMatching(/^\d+\.\d+$/),
      },
    });
    const events = await store.readStream(userStreamId(userId));
    expect(events.at(-1)).toMatchObject({ type: 'VoicePreferenceChanged', data: { userId, voiceId: 'flite-slt', previousVoiceId: null } });
  });

  it('records the voice it replaces, and nothing when the same voice is saved again', async () => {
    const userId = await user(true);
    await save(userId, { voiceId: 'flite-slt', userId });
    await save(userId, { voiceId: 'flite-awb', userId });
    expect((await save(userId, { voiceId: 'flite-awb', userId })).status).toBe(200);
    const changes = (await store.readStream(userStreamId(userId))).filter((event) => event.type === 'VoicePreferenceChanged');
    expect(changes.map((event) => event.data)).toEqual([
      expect.objectContaining({ voiceId: 'flite-slt', previousVoiceId: null }),
      expect.objectContaining({ voiceId: 'flite-awb', previousVoiceId: 'flite-slt' }),
    ]);
  });

  it('refuses a free user with requiresPremium and records nothing', async () => {
    const userId = await user(false);
    expect(await save(userId, { voiceId: 'flite-slt', userId })).toMatchObject({
      status: 403,
      body: { error: 'Premium Feature', message: VOICE_PREMIUM_MESSAGE, requiresPremium: true },
    });
    expect((await store.readStream(userStreamId(userId))).map((event) => event.type)).not.toContain('VoicePreferenceChanged');
  });

  it('answers 400 for a voice the engine does not offer, or none', async () => {
    const userId = await user(true);
    expect(await save(userId, { voiceId: 'flite-nobody', userId })).toMatchObject({ status: 400, body: { error: 'Unknown voice' } });
    expect(await save(userId, { userId })).toMatchObject({ status: 400, body: { fieldErrors: { voiceId: expect.any(Array) } } });
  });

  it('answers 401 without a session and 403 for another user', async () => {
    const userId = await user(true);
    expect((await save(undefined, { voiceId: 'flite-slt', userId })).status).toBe(401);
    const other = await user(true);
    expect((await save(userId, { voiceId: 'flite-slt', userId: other })).status).toBe(403);
    expect((await store.readStream(userStreamId(other))).map((event) => event.type)).not.toContain('VoicePreferenceChanged');
  });
});

describe('POST /api/text-to-speech and GET /api/audio/:file', () => {
  it('answers an audio URL on the product origin whose file is MP3 with its type, length, ranges and a long cache', async () => {
    const userId = await user(true);
    const answer = await speak(userId, { text: JOKE, voiceId: 'flite-rms', userId });
    expect(answer).toMatchObject({ status: 200, body: { audioUrl: expect.stringMatching(/^\/api\/audio\/[0-9a-f]{64}\.mp3$/) } });
    const audio = await fetch(`${baseUrl}${answer.body.audioUrl}`);
    const bytes = new Uint8Array(await audio.arrayBuffer());
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect(audio.headers.get('content-length')).toBe(String(bytes.length));
    expect(audio.headers.get('accept-ranges')).toBe('bytes');
    expect(audio.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(summarizeMp3(bytes).seconds).toBeGreaterThan(2);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const userId = await user(true);
    const { audioUrl } = (await speak(userId, { text: JOKE, voiceId: 'flite-rms', userId })).body;
    const head = await fetch(`${baseUrl}${audioUrl}`, { method: 'HEAD' });
    const get = await fetch(`${baseUrl}${audioUrl}`);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('audio/mpeg');
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('synthesises the same text and voice once: the second request is served from the cache', async () => {
    const userId = await user(true);
    const text = `${JOKE} Once.`;
    const first = await speak(userId, { text, voiceId: 'flite-slt', userId });
    const second = await speak(userId, { text, voiceId: 'flite-slt', userId });
    expect(second.body.audioUrl).toBe(first.body.audioUrl);
    expect(engine.synthesized).toHaveLength(1);
    const other = await speak(userId, { text, voiceId: 'flite-kay', userId });
    expect(other.body.audioUrl).not.toBe(first.body.audioUrl);
    expect(engine.synthesized).toHaveLength(2);
  });

  it('synthesises once for requests that arrive together', async () => {
    const userId = await user(true);
    const text = `${JOKE} Together.`;
    const answers = await Promise.all([1, 2, 3].map(() => speak(userId, { text, voiceId: 'flite-awb', userId })));
    expect(new Set(answers.map((answer) => answer.body.audioUrl)).size).toBe(1);
    expect(engine.synthesized).toHaveLength(1);
  });

  it('serves byte ranges (206), a suffix, and 416 past the end', async () => {
    const userId = await user(true);
    const { audioUrl } = (await speak(userId, { text: JOKE, voiceId: 'flite-kal', userId })).body;
    const whole = new Uint8Array(await (await fetch(`${baseUrl}${audioUrl}`)).arrayBuffer());
    const part = await fetch(`${baseUrl}${audioUrl}`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${whole.length}`);
    expect(part.headers.get('content-length')).toBe('100');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(whole.subarray(100, 200));
    const tail = await fetch(`${baseUrl}${audioUrl}`, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(whole.subarray(whole.length - 10));
    const beyond = await fetch(`${baseUrl}${audioUrl}`, { headers: { range: `bytes=${whole.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${whole.length}`);
  });

  it('answers 404 for an unknown or malformed file name', async () => {
    for (const name of [`${'0'.repeat(64)}.mp3`, 'nothing.mp3', '..%2F..%2Fetc%2Fpasswd']) {
      expect((await fetch(`${baseUrl}/api/audio/${name}`)).status).toBe(404);
    }
  });

  it('refuses a free user with requiresPremium before the engine is asked', async () => {
    const userId = await user(false);
    expect(await speak(userId, { text: JOKE, voiceId: 'flite-rms', userId })).toMatchObject({
      status: 403,
      body: { error: 'Premium Feature', message: VOICE_PREMIUM_MESSAGE, requiresPremium: true },
    });
    expect(engine.synthesized).toHaveLength(0);
  });

  it('answers 400 for text past the limit, no text, or an unknown voice, without synthesising', async () => {
    const userId = await user(true);
    expect((await speak(userId, { text: 'a'.repeat(SPEECH_TEXT_MAX_LENGTH + 1), voiceId: 'flite-rms', userId })).status).toBe(400);
    expect((await speak(userId, { text: '   ', voiceId: 'flite-rms', userId })).status).toBe(400);
    expect((await speak(userId, { voiceId: 'flite-rms', userId })).status).toBe(400);
    expect(await speak(userId, { text: JOKE, voiceId: 'nobody', userId })).toMatchObject({ status: 400, body: { error: 'Unknown voice' } });
    expect(engine.synthesized).toHaveLength(0);
  });

  it('answers 401 without a session and 403 for another user', async () => {
    const userId = await user(true);
    expect((await speak(undefined, { text: JOKE, voiceId: 'flite-rms', userId })).status).toBe(401);
    expect((await speak(userId, { text: JOKE, voiceId: 'flite-rms', userId: await user(true) })).status).toBe(403);
    expect(engine.synthesized).toHaveLength(0);
  });

  it('answers 502 with the SPEC words when the provider fails, and stores nothing', async () => {
    const userId = await user(true);
    const before = await audioFiles();
    engine.mode = 'fail';
    expect(await speak(userId, { text: `${JOKE} Fails.`, voiceId: 'flite-rms', userId })).toMatchObject({
      status: 502,
      body: { error: 'Failed to generate speech', message: expect.any(String) },
    });
    expect(await audioFiles()).toEqual(before);
  });

  it('refuses with 422 a text the moderator refuses, without synthesising, storing or counting it', async () => {
    const userId = await user(true);
    const before = await audioFiles();
    // 150 characters: had the refused text counted, the next narration would pass the 200 a day.
    const hateful = `Gas the jews. ${'That is the whole joke. '.repeat(6)}`.slice(0, 150);

    const refused = await speak(userId, { text: hateful, voiceId: 'flite-rms', userId });

    expect(refused).toEqual(expect.objectContaining({ status: 422, body: { error: "Let's keep it funny", message: NARRATION_REFUSED_MESSAGE, category: 'hate' } }));
    expect(engine.synthesized).toHaveLength(0);
    expect(await audioFiles()).toEqual(before);
    expect((await speak(userId, { text: `${JOKE} ${'Still counting. '.repeat(5)}`.slice(0, 150), voiceId: 'flite-rms', userId })).status).toBe(200);
  });

  it('answers 503 when the moderator cannot judge, and reads nothing aloud', async () => {
    const userId = await user(true);
    moderator.failure = new ContentSafetyError('moderation timed out', { retryable: true });

    expect(await speak(userId, { text: `${JOKE} Unjudged.`, voiceId: 'flite-rms', userId })).toMatchObject({ status: 503, body: { error: 'Failed to generate speech' } });
    expect(engine.synthesized).toHaveLength(0);
  });

  it("never reads a withdrawn joke aloud again: 410 for its text, 404 for its audio in every voice, and the files gone", async () => {
    const userId = await user(true);
    const text = `${JOKE} Withdrawn later.`;
    const male = await speak(userId, { text, voiceId: 'flite-rms', userId });
    const female = await speak(userId, { text, voiceId: 'flite-slt', userId });
    // Another listener (the daily quota here is 200 characters).
    const listener = await user(true);
    const other = await speak(listener, { text: `${JOKE} Still up.`, voiceId: 'flite-rms', userId: listener });
    expect([male.status, female.status, other.status]).toEqual([200, 200, 200]);

    await speech.forget(randomUUID(), text);

    expect(await speak(userId, { text: `  ${text} `, voiceId: 'flite-awb', userId })).toMatchObject({ status: 410, body: { error: JOKE_TAKEN_DOWN } });
    for (const url of [male.body.audioUrl, female.body.audioUrl]) expect((await fetch(`${baseUrl}${url}`)).status).toBe(404);
    expect(await audioFiles()).not.toEqual(expect.arrayContaining([male.body.audioUrl.split('/').at(-1)]));
    expect((await fetch(`${baseUrl}${other.body.audioUrl}`)).status).toBe(200);
  });

  it('refuses narration beyond the daily quota but still plays the voice preview', async () => {
    const userId = await user(true);
    // Texts no other test narrates: only a synthesis counts, audio already made costs nothing.
    const [first, second, third] = ['One', 'Two', 'Six'].map((word) => `${JOKE} Quota ${word}.`) as [string, string, string];
    expect((await speak(userId, { text: first, voiceId: 'flite-rms', userId })).status).toBe(200);
    expect((await speak(userId, { text: second, voiceId: 'flite-rms', userId })).status).toBe(200);

    const refused = await speak(userId, { text: third, voiceId: 'flite-rms', userId });

    expect(refused).toMatchObject({
      status: 429,
      body: { error: 'Daily narration limit reached', message: expect.stringMatching(/^You have had 200 characters read aloud today, the daily limit\. It resets in \d+ (hours?|minutes?)\.$/) },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(engine.synthesized).toHaveLength(2);
    // What was read before is still served, and the preview of any voice still plays.
    expect((await speak(userId, { text: first, voiceId: 'flite-rms', userId })).status).toBe(200);
    expect((await speak(userId, { text: VOICE_SAMPLE_TEXT, voiceId: 'flite-slt', userId })).status).toBe(200);
  });

  it('gives the daily quota back for a narration that failed', async () => {
    const userId = await user(true);
    const text = `${JOKE} ${'And then some more. '.repeat(5)}`.trim();
    engine.mode = 'fail';
    expect((await speak(userId, { text, voiceId: 'flite-rms', userId })).status).toBe(502);
    engine.mode = 'speak';
    expect((await speak(userId, { text, voiceId: 'flite-rms', userId })).status).toBe(200);
  });

  it('answers 502 when the engine runs out of time, and stores nothing', async () => {
    const userId = await user(true);
    const before = await audioFiles();
    engine.mode = 'hang';
    expect(await speak(userId, { text: `${JOKE} Hangs.`, voiceId: 'flite-rms', userId })).toMatchObject({ status: 502, body: { error: 'Failed to generate speech' } });
    expect(await audioFiles()).toEqual(before);
    // Nothing half-made is served later either: the next request synthesises afresh.
    engine.mode = 'speak';
    expect((await speak(userId, { text: `${JOKE} Hangs.`, voiceId: 'flite-rms', userId })).status).toBe(200);
    expect(engine.synthesized).toHaveLength(2);
  });
});
