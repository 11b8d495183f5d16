import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ListVoicesResponse, SaveVoicePreferenceResponse } from '@jokes/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';
import { BillingClient, billingEnv } from './testing/billing-client.js';
import { TestIssuer } from './testing/test-issuer.js';

// Narration through the product's one origin, as the web does it: the offline
// engine, the audio served by the command API behind the edge.
let stack: RunningStack;
let billing: BillingClient;
const issuer = new TestIssuer();

beforeAll(async () => {
  await issuer.start();
  stack = await startStack({ env: billingEnv(issuer) });
  billing = new BillingClient(stack.baseUrl, stack.databaseUrl, issuer);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await issuer.stop();
}, 30_000);

const JOKE = 'My therapist says I have a preoccupation with vengeance. We will see about that.';

describe('voice narration through the edge', () => {
  it('a Pro user picks a female voice, saves it, reads it back, and hears a joke in it with HEAD and ranges working', async () => {
    const user = await billing.newUser();
    const { confirmed } = await billing.subscribe(user, '4242 4242 4242 4242');
    const consistent = { 'x-consistent-position': String((confirmed.body as { position: string }).position) };

    const listed = await billing.call('GET', `/api/voices?userId=${user.userId}`, { token: user.token });
    expect(listed).toMatchObject({ status: 200, body: { success: true, isPremium: true, requiresSubscription: false } });
    const female = (listed.body as ListVoicesResponse).voices.find((voice) => voice.gender === 'female')!;

    const saved = await billing.call('POST', '/api/save-voice-preference', { token: user.token, body: { voiceId: female.id, userId: user.userId } });
    expect(saved).toMatchObject({ status: 200, body: { success: true, voiceId: female.id, user: { selected_voice_id: female.id, has_active_subscription: true } } });
    const position = { 'x-consistent-position': (saved.body as SaveVoicePreferenceResponse).user.position };
    expect((await billing.call('GET', `/api/voice-preference?userId=${user.userId}`, { token: user.token, headers: position })).body).toEqual({ success: true, voiceId: female.id });
    expect((await billing.call('POST', '/api/sync-user', { token: user.token, body: { id: user.userId }, headers: position })).body).toMatchObject({ selected_voice_id: female.id });

    const spoken = await billing.call('POST', '/api/text-to-speech', { token: user.token, body: { text: JOKE, voiceId: female.id, userId: user.userId }, headers: consistent });
    expect(spoken).toMatchObject({ status: 200, body: { audioUrl: expect.stringMatching(/^\/api\/audio\/[0-9a-f]{64}\.mp3$/) } });
    const audioUrl = `${stack.baseUrl}${(spoken.body as { audioUrl: string }).audioUrl}`;

    const head = await fetch(audioUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('audio/mpeg');
    const size = Number(head.headers.get('content-length'));
    expect(size).toBeGreaterThan(1000);
    const whole = new Uint8Array(await (await fetch(audioUrl)).arrayBuffer());
    expect(whole.length).toBe(size);
    // An MP3 frame's sync word, or an ID3 tag before it.
    expect(whole[0] === 0xff || String.fromCharCode(...whole.subarray(0, 3)) === 'ID3').toBe(true);
    const part = await fetch(audioUrl, { headers: { range: 'bytes=0-511' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-511/${size}`);
    expect((await fetch(audioUrl, { headers: { range: `bytes=${size}-` } })).status).toBe(416);
  });

  it('a free user is offered the voices but refused narration and saving with requiresPremium', async () => {
    const user = await billing.newUser();
    expect((await billing.call('GET', `/api/voices?userId=${user.userId}`, { token: user.token })).body).toMatchObject({ isPremium: false, requiresSubscription: true });
    const spoken = await billing.call('POST', '/api/text-to-speech', { token: user.token, body: { text: JOKE, voiceId: 'flite-slt', userId: user.userId } });
    expect(spoken).toMatchObject({ status: 403, body: { requiresPremium: true, error: 'Premium Feature' } });
    const saved = await billing.call('POST', '/api/save-voice-preference', { token: user.token, body: { voiceId: 'flite-slt', userId: user.userId } });
    expect(saved).toMatchObject({ status: 403, body: { requiresPremium: true } });
  });

  it('answers 404 for an audio file that does not exist, with no session needed', async () => {
    expect((await fetch(`${stack.baseUrl}/api/audio/${'e'.repeat(64)}.mp3`)).status).toBe(404);
  });
});
