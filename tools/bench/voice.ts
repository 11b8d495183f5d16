// Voice narration: time to the first audio byte and total synthesis time for a
// 60-word joke with the offline engine (Flite + LAME), cold (never spoken) and
// cached (spoken before), p50 and p95; the audio's size and length besides.
// Runs the built command API's engine and audio store (it builds them when
// missing), the steps of SpeechService.narrate: hash, store lookup,
// synthesis, atomic store write; then the first byte read back from the file
// as the audio route serves it.
//
//   npm run bench (last section), or alone: node tools/bench/voice.ts
//   BENCH_VOICE_COLD    cold narrations (default 20, spread over the voices)
//   BENCH_VOICE_CACHED  cached narrations (default 200)
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Voice {
  id: string;
  gender: string;
}
interface Stored {
  name: string;
  path: string;
  size: number;
}
interface Engine {
  id: string;
  listVoices(): Promise<Voice[]>;
  synthesize(request: { voiceId: string; text: string; signal: AbortSignal }): Promise<{ audio: Uint8Array; contentType: string }>;
}
interface Store {
  find(hash: string): Promise<Stored | undefined>;
  put(hash: string, extension: 'mp3' | 'ogg', audio: Uint8Array): Promise<Stored>;
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = join(root, 'apps/command-api/dist/voice');

// 58 words and 'Number N.' to make each cold text new: 60, a joke of the length the card reads aloud most.
const JOKE =
  'My doctor told me to start running every morning, so now I run late every morning. ' +
  'I bought a treadmill to make it official. It is an expensive place to hang shirts. ' +
  'My neighbor asked if I wanted to join his running club. I said I belong to one: ' +
  'the club of people who run out of excuses.';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

function firstByte(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const stream = createReadStream(path, { start: 0, end: 0 });
    stream.once('data', () => {
      stream.destroy();
      resolve();
    });
    stream.once('error', reject);
  });
}

export async function runVoiceBench(say: (line?: string) => void): Promise<void> {
  if (!existsSync(join(dist, 'speech.service.js'))) {
    say('Voice: building the command API first');
    execFileSync('npx', ['nx', 'run', '@jokes/command-api:build', '--output-style=static'], { cwd: root, stdio: 'ignore' });
  }
  const { FliteSpeechEngine } = (await import(join(dist, 'engines/offline/flite-speech-engine.js'))) as { FliteSpeechEngine: new () => Engine };
  const { AudioStore } = (await import(join(dist, 'audio/audio-store.js'))) as { AudioStore: new (dir: string, maxBytes: number) => Store };
  const { audioHash } = (await import(join(dist, 'speech.service.js'))) as { audioHash: (engine: string, voice: string, text: string) => string };
  const coldRuns = Number(process.env.BENCH_VOICE_COLD ?? 20);
  const cachedRuns = Number(process.env.BENCH_VOICE_CACHED ?? 200);

  const dir = await mkdtemp(join(tmpdir(), 'bench-voice-'));
  try {
    const engine = new FliteSpeechEngine();
    const store = new AudioStore(dir, 1024 * 1024 * 1024);
    const voices = await engine.listVoices();
    const narrate = async (text: string, voiceId: string) => {
      const started = performance.now();
      const hash = audioHash(engine.id, voiceId, text);
      let stored = await store.find(hash);
      if (!stored) {
        const spoken = await engine.synthesize({ voiceId, text, signal: AbortSignal.timeout(30_000) });
        stored = await store.put(hash, 'mp3', spoken.audio);
      }
      const ready = performance.now();
      await firstByte(stored.path);
      return { totalMs: ready - started, firstByteMs: performance.now() - started, stored };
    };

    // Warm-up: the 21 MB WebAssembly module is compiled once per process.
    await narrate(`${JOKE} Warm.`, voices[0]!.id);
    const cold: Array<Awaited<ReturnType<typeof narrate>> & { voiceId: string }> = [];
    for (let run = 0; run < coldRuns; run++) {
      const voiceId = voices[run % voices.length]!.id;
      // A different last word each time: every cold run is a text never spoken.
      cold.push({ voiceId, ...(await narrate(`${JOKE} Number ${run}.`, voiceId)) });
    }
    const cached: number[][] = [];
    for (let run = 0; run < cachedRuns; run++) {
      const { totalMs, firstByteMs } = await narrate(`${JOKE} Number ${run % coldRuns}.`, voices[run % coldRuns % voices.length]!.id);
      cached.push([totalMs, firstByteMs]);
    }

    const words = JOKE.split(/\s+/).length + 2;
    const sizes = cold.map((run) => run.stored.size);
    say(`\nVoice narration (offline engine ${engine.id}, ${voices.length} voices, a ${words}-word joke; ${coldRuns} cold, ${cachedRuns} cached):`);
    const row = (label: string, values: number[]) => say(`  ${label.padEnd(32)} p50 ${percentile(values, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(values, 95).toFixed(1).padStart(7)} ms`);
    row('cold: first audio byte', cold.map((run) => run.firstByteMs));
    row('cold: total synthesis', cold.map((run) => run.totalMs));
    row('cached: first audio byte', cached.map(([, firstByteMs]) => firstByteMs!));
    row('cached: total (lookup)', cached.map(([totalMs]) => totalMs!));
    for (const voice of voices) {
      const mine = cold.filter((run) => run.voiceId === voice.id);
      if (mine.length === 0) continue;
      say(`  ${`cold ${voice.id} (${voice.gender})`.padEnd(32)} p50 ${percentile(mine.map((run) => run.totalMs), 50).toFixed(1).padStart(7)} ms   ${Math.round(percentile(mine.map((run) => run.stored.size), 50) / 1024)} KB`);
    }
    say(`  audio: MP3 32 kbit/s mono, ${Math.round(Math.min(...sizes) / 1024)}-${Math.round(Math.max(...sizes) / 1024)} KB per joke (${Math.round((percentile(sizes, 50) * 8) / 32_000)} s at the median)`);
    say('  The offline engine makes the whole file before the first byte can be served, so cold first byte ~ total.');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await runVoiceBench((line = '') => process.stdout.write(`${line}\n`));
