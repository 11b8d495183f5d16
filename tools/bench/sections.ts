// Sections that run alone: `npm run bench -- <section>` (no section: the event
// store bench and what follows it in tools/bench.ts). Each writes its figures
// to .data/bench-<section>-results.json besides printing them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../postgres.ts';

type Say = (line?: string) => void;

export const SECTIONS: Record<string, (say: Say) => Promise<unknown>> = {
  http: async (say) => (await import('./http.ts')).runHttpBench(say),
  freshness: async (say) => (await import('./freshness.ts')).runFreshnessBench(say),
  'personal-data': async (say) => (await import('./personal-data.ts')).runPersonalDataBench(say),
  web: async (say) => (await import('./web.ts')).runWebBench(say),
  safety: async (say) => (await import('./safety.ts')).runSafetyBench(say),
  learning: async (say) => (await import('./learning.ts')).runLearningBench(say),
  cards: async (say) => (await import('./cards.ts')).runCardsBench(say),
  memory: async (say) => (await import('./memory.ts')).runMemoryBench(say),
  stall: async (say) => (await import('./stall.ts')).runStallBench(say),
};

export async function runSection(name: string, say: Say): Promise<void> {
  const section = SECTIONS[name];
  if (!section) throw new Error(`No bench section "${name}"; there are: ${Object.keys(SECTIONS).join(', ')} (or none: the event store bench)`);
  const cpu = cpus();
  const machine = { cores: cpu.length, cpu: cpu[0]?.model.trim() ?? 'unknown', memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10, node: process.version };
  say(`machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, Node ${machine.node}`);
  const figures = await section(say);
  const file = join(projectRoot(), '.data', `bench-${name}-results.json`);
  mkdirSync(join(projectRoot(), '.data'), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ finishedAt: new Date().toISOString(), machine, figures }, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2)}\n`);
  say(`\nFigures written to ${file}`);
}
