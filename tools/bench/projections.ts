// The projections the catch-up bench runs: the real ones, from the built
// projectors app (`npm run bench` builds it first).
import type { Projection } from '@jokes/event-store';

export interface LoadedProjections {
  source: string;
  jokes: Projection;
  daily: Projection;
  notes: string[];
}

export async function loadProjections(): Promise<LoadedProjections> {
  const built = new URL('../../apps/projectors/dist/projections/index.js', import.meta.url);
  const module = (await import(built.href)) as { projections: readonly Projection[] };
  const find = (name: string) => {
    const projection = module.projections.find((candidate) => candidate.name === name);
    if (!projection) throw new Error(`The projectors app has no projection named ${name}`);
    return projection;
  };
  return { source: 'apps/projectors/dist', jokes: find('jokes'), daily: find('daily_generations'), notes: [] };
}
