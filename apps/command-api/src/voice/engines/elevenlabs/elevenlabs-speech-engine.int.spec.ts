import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { SpendCeilingReachedError } from '../../../spend/spend-limit.error.js';
import { SpeechEngineError } from '../speech-engine.port.js';
import { ElevenLabsSpeechEngine } from './elevenlabs-speech-engine.js';

/**
 * A local server that speaks the two ElevenLabs endpoints the adapter uses
 * (GET /v2/voices, POST /v1/text-to-speech/{voice_id}), so the real SDK is
 * exercised end to end: authentication, serialisation, paging, errors, aborts.
 */
type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const API_KEY = 'xi-test-do-not-leak';
const AUDIO = Buffer.concat([Buffer.from([0xff, 0xf3, 0x44, 0xc4]), Buffer.alloc(400, 7)]);

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const libraryVoice = (voice_id: string, name: string, labels: Record<string, string>, description: string | null = null) => ({
  voice_id,
  name,
  category: 'premade',
  labels,
  description,
  preview_url: `https://example.invalid/${voice_id}.mp3`,
});

const firstPage = {
  voices: [
    libraryVoice('v-rachel', 'Rachel', { gender: 'female', accent: 'american', age: 'young', descriptive: 'calm', use_case: 'narration' }),
    libraryVoice('v-adam', 'Adam', { gender: 'Male', accent: 'american' }, 'Deep and steady'),
    libraryVoice('v-robot', 'Robot', { accent: 'none' }),
  ],
  has_more: true,
  total_count: 4,
  next_page_token: 'page-2',
};
const secondPage = {
  voices: [libraryVoice('v-fin', 'Fin', { gender: 'male', accent: 'irish', age: 'old' })],
  has_more: false,
  total_count: 4,
};

describe('ElevenLabsSpeechEngine against an ElevenLabs-compatible server', () => {
  let server: Server;
  let baseUrl: string;
  let received: Received[];
  let handle: Handler;

  const standard: Handler = (request, _body, response) => {
    const url = new URL(request.url!, 'http://local');
    if (request.headers['xi-api-key'] !== API_KEY) return json(response, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    if (request.method === 'GET' && url.pathname === '/v2/voices') {
      return json(response, 200, url.searchParams.get('next_page_token') === 'page-2' ? secondPage : firstPage);
    }
    if (request.method === 'POST' && url.pathname.startsWith('/v1/text-to-speech/')) {
      response.writeHead(200, { 'content-type': 'audio/mpeg' });
      return void response.end(AUDIO);
    }
    json(response, 404, { detail: 'Not Found' });
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        received.push({ method: request.method!, url: request.url!, headers: request.headers, body });
        handle(request, body, response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    received = [];
    handle = standard;
  });

  const engine = (options: { modelId?: string; outputFormat?: string; apiKey?: string } = {}) => new ElevenLabsSpeechEngine({ apiKey: API_KEY, baseUrl, ...options });
  const live = () => new AbortController().signal;

  describe('listVoices', () => {
    it('lists every page of the account voices with their gender from the labels, leaving out voices without one', async () => {
      expect(await engine().listVoices()).toEqual([
        { id: 'v-rachel', name: 'Rachel', gender: 'female', description: 'american, young, calm, narration' },
        { id: 'v-adam', name: 'Adam', gender: 'male', description: 'Deep and steady' },
        { id: 'v-fin', name: 'Fin', gender: 'male', description: 'irish, old' },
      ]);
      expect(received.map((request) => request.url)).toEqual(['/v2/voices?page_size=100', '/v2/voices?next_page_token=page-2&page_size=100']);
      expect(received[0]!.headers['xi-api-key']).toBe(API_KEY);
    });

    it('fails as an engine error when the key is refused', async () => {
      await expect(engine({ apiKey: 'wrong' }).listVoices()).rejects.toThrow(SpeechEngineError);
    });
  });

  describe('synthesize', () => {
    it('posts the text with the default model and asks for 64 kbit/s MP3, answering the audio as sent', async () => {
      const spoken = await engine().synthesize({ voiceId: 'v-rachel', text: 'Knock knock.', signal: live() });
      expect(spoken.contentType).toBe('audio/mpeg');
      expect(Buffer.from(spoken.audio)).toEqual(AUDIO);
      const [request] = received;
      expect(request).toMatchObject({ method: 'POST', url: '/v1/text-to-speech/v-rachel?output_format=mp3_44100_64' });
      expect(JSON.parse(request!.body)).toMatchObject({ text: 'Knock knock.', model_id: 'eleven_multilingual_v2' });
    });

    it('uses the configured model and output format', async () => {
      await engine({ modelId: 'eleven_flash_v2_5', outputFormat: 'mp3_22050_32' }).synthesize({ voiceId: 'v-adam', text: 'Hi.', signal: live() });
      expect(received[0]!.url).toBe('/v1/text-to-speech/v-adam?output_format=mp3_22050_32');
      expect(JSON.parse(received[0]!.body)).toMatchObject({ model_id: 'eleven_flash_v2_5' });
    });

    it('names the engine by model and format, so a change never serves audio of the old one', () => {
      expect(engine().id).toBe('elevenlabs:eleven_multilingual_v2:mp3_44100_64');
      expect(engine({ modelId: 'eleven_flash_v2_5' }).id).not.toBe(engine().id);
    });

    it('refuses an output format that is not compressed MP3', () => {
      expect(() => engine({ outputFormat: 'pcm_16000' })).toThrow('ELEVENLABS_OUTPUT_FORMAT must be an MP3 format');
    });

    it('fails as an engine error, once, when the provider fails', async () => {
      handle = (_request, _body, response) => json(response, 500, { detail: 'upstream exploded' });
      await expect(engine().synthesize({ voiceId: 'v-rachel', text: 'Hi.', signal: live() })).rejects.toThrow(SpeechEngineError);
      expect(received).toHaveLength(1);
    });

    it('makes at most one upstream call when the provider answers 500, its characters taken from the spend ceiling', async () => {
      handle = (_request, _body, response) => json(response, 500, { detail: 'upstream exploded' });
      const taken: unknown[][] = [];
      const spend = { take: async (...args: unknown[]) => void taken.push(args) };

      await expect(new ElevenLabsSpeechEngine({ apiKey: API_KEY, baseUrl, spend }).synthesize({ voiceId: 'v-rachel', text: 'Knock knock.', signal: live(), payer: 'pro' })).rejects.toThrow(SpeechEngineError);

      expect(received).toHaveLength(1);
      expect(taken).toEqual([['narration-characters', 12, 'pro']]);
    });

    it('calls nobody when the spend ceiling has no room, and says so rather than failing', async () => {
      const spend = { take: async () => Promise.reject(new SpendCeilingReachedError('narration-characters', 600)) };

      await expect(new ElevenLabsSpeechEngine({ apiKey: API_KEY, baseUrl, spend }).synthesize({ voiceId: 'v-rachel', text: 'Hi.', signal: live() })).rejects.toBeInstanceOf(SpendCeilingReachedError);

      expect(received).toHaveLength(0);
    });

    it('fails as an engine error on an unknown voice (422)', async () => {
      handle = (_request, _body, response) => json(response, 422, { detail: [{ loc: ['path', 'voice_id'], msg: 'voice not found', type: 'value_error' }] });
      await expect(engine().synthesize({ voiceId: 'v-missing', text: 'Hi.', signal: live() })).rejects.toThrow(SpeechEngineError);
    });

    it('stops waiting when its time is up, answering no audio', async () => {
      handle = (_request, _body, response) => {
        response.writeHead(200, { 'content-type': 'audio/mpeg' });
        response.write(AUDIO.subarray(0, 10));
        // ...and never ends.
      };
      const controller = new AbortController();
      const pending = engine().synthesize({ voiceId: 'v-rachel', text: 'Hi.', signal: controller.signal });
      await new Promise((resolve) => setTimeout(resolve, 50));
      controller.abort(new Error('timed out'));
      await expect(pending).rejects.toThrow(SpeechEngineError);
    });
  });
});
