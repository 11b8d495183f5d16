import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WASI } from 'node:wasi';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createMp3Encoder } from 'wasm-media-encoders';

// One synthesis in a worker thread: Flite (WASI) speaks the text into a WAV,
// a voice may be reshaped (see `shiftVoice`), and LAME encodes it to MP3.
// The thread keeps the API's event loop free while it computes, and it can be
// terminated when the engine's time is up, which a running WASI call cannot.
// This file runs on its own (Node strips its types when started from the
// sources), so it imports only Node and packages, never a sibling module.

export interface FliteJob {
  /** Flite's command line after the program name, without the text and the output file. */
  fliteArgs: string[];
  text: string;
  /** Reads the audio this much faster, so pitch and formants rise together (a shorter vocal tract); 1 for none. */
  shift: number;
  bitrateKbps: 16 | 24 | 32 | 40 | 48 | 64;
}

export interface Pcm {
  sampleRate: number;
  samples: Float32Array;
}

export interface FliteResult {
  mp3: Uint8Array;
  sampleRate: number;
  seconds: number;
}

/** Runs Flite in a fresh WASI instance with a temporary directory as its only file system. */
export async function speak(module: WebAssembly.Module, job: Pick<FliteJob, 'fliteArgs' | 'text'>): Promise<Pcm> {
  const dir = await mkdtemp(join(tmpdir(), 'flite-'));
  try {
    await writeFile(join(dir, 'text.txt'), job.text, 'utf8');
    const wasi = new WASI({
      version: 'preview1',
      args: ['flite', ...job.fliteArgs, '-f', '/work/text.txt', '-o', '/work/speech.wav'],
      env: {},
      preopens: { '/work': dir },
      returnOnExit: true,
    });
    const instance = await WebAssembly.instantiate(module, wasi.getImportObject() as WebAssembly.Imports);
    const code = wasi.start(instance);
    if (code !== 0) throw new Error(`flite exited with code ${code}`);
    return parseWav(await readFile(join(dir, 'speech.wav')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A 16-bit mono PCM RIFF file, as Flite writes it. */
export function parseWav(wav: Buffer): Pcm {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') throw new Error('flite wrote no WAV file');
  let offset = 12;
  let sampleRate = 0;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') sampleRate = wav.readUInt32LE(body + 4);
    if (id === 'data') {
      const end = Math.min(body + size, wav.length);
      const samples = new Float32Array(Math.floor((end - body) / 2));
      for (let index = 0; index < samples.length; index++) samples[index] = wav.readInt16LE(body + index * 2) / 32768;
      return { sampleRate, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('flite wrote a WAV file without data');
}

/**
 * Resamples by `factor` with a windowed-sinc filter: the same sample rate,
 * `factor` times shorter, every frequency `factor` times higher. Flite is
 * asked beforehand for a `factor` slower and lower voice, so duration and
 * pitch come out where wanted while the formants stay raised: vocal tract
 * length scaling, which turns a male voice's timbre into a female one's.
 */
export function shiftVoice(input: Float32Array, factor: number): Float32Array {
  if (factor === 1) return input;
  const halfWidth = 16;
  // Below the new Nyquist frequency, so nothing folds back.
  const cutoff = Math.min(1, 1 / factor) * 0.95;
  const reach = Math.ceil(halfWidth / cutoff);
  const output = new Float32Array(Math.floor(input.length / factor));
  for (let index = 0; index < output.length; index++) {
    const center = index * factor;
    const first = Math.max(0, Math.floor(center) - reach + 1);
    const last = Math.min(input.length - 1, Math.floor(center) + reach);
    let sum = 0;
    for (let tap = first; tap <= last; tap++) {
      const distance = (tap - center) * cutoff;
      const sinc = distance === 0 ? 1 : Math.sin(Math.PI * distance) / (Math.PI * distance);
      const window = 0.5 + 0.5 * Math.cos((Math.PI * (tap - center)) / reach);
      sum += input[tap]! * sinc * window;
    }
    output[index] = sum * cutoff;
  }
  return output;
}

/** CBR MP3, mono: at speech bitrates LAME keeps the sample rate Flite made (8 to 48 kHz are all valid). */
export async function encodeMp3(pcm: Pcm, bitrateKbps: FliteJob['bitrateKbps']): Promise<Uint8Array> {
  const encoder = await createMp3Encoder();
  encoder.configure({ channels: 1, sampleRate: pcm.sampleRate, bitrate: bitrateKbps });
  // Each call's answer is a view of the encoder's memory, valid until the next call: copy it.
  const parts = [Uint8Array.from(encoder.encode([pcm.samples])), Uint8Array.from(encoder.finalize())];
  const mp3 = new Uint8Array(parts[0]!.length + parts[1]!.length);
  mp3.set(parts[0]!, 0);
  mp3.set(parts[1]!, parts[0]!.length);
  return mp3;
}

export async function synthesizeMp3(module: WebAssembly.Module, job: FliteJob): Promise<FliteResult> {
  const spoken = await speak(module, job);
  const pcm = { sampleRate: spoken.sampleRate, samples: shiftVoice(spoken.samples, job.shift) };
  return { mp3: await encodeMp3(pcm, job.bitrateKbps), sampleRate: pcm.sampleRate, seconds: pcm.samples.length / pcm.sampleRate };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const { module, job } = workerData as { module: WebAssembly.Module; job: FliteJob };
  synthesizeMp3(module, job).then(
    (result) => port.postMessage({ ok: true, result }, [result.mp3.buffer as ArrayBuffer]),
    (error: unknown) => port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
}
