// The projections the catch-up bench runs: the real ones from the built
// projectors app, or (when it is not built) mirrors of them defined here.
import { rowProjection, type Projection, type StoredEvent } from '@jokes/event-store';
import type { JokeGeneratedData } from './fixtures.ts';

export interface LoadedProjections {
  source: string;
  jokes: Projection;
  daily: Projection;
  /** Changes the bench had to make to the projections' DDL to run them at all. */
  notes: string[];
}

const UNNAMED_IF_NOT_EXISTS = /CREATE INDEX IF NOT EXISTS ON /i;

/**
 * PostgreSQL needs an index name after IF NOT EXISTS; the bench lets it pick one
 * (a fixed name would collide across the rebuild's shadow and live tables).
 */
function runnable(projection: Projection, notes: string[]): Projection {
  const broken = projection.tables.some((table) => table.ddl(table.name).some((statement) => UNNAMED_IF_NOT_EXISTS.test(statement)));
  if (!broken) return projection;
  notes.push(`${projection.name}: 'CREATE INDEX IF NOT EXISTS ON' is a syntax error in PostgreSQL; ran it as 'CREATE INDEX ON'`);
  return {
    ...projection,
    tables: projection.tables.map((table) => ({
      ...table,
      ddl: (name: string) => table.ddl(name).map((statement) => statement.replace(UNNAMED_IF_NOT_EXISTS, 'CREATE INDEX ON ')),
    })),
  };
}

export async function loadProjections(): Promise<LoadedProjections> {
  const built = new URL('../../apps/projectors/dist/projections/index.js', import.meta.url);
  try {
    const module = (await import(built.href)) as { projections: readonly Projection[] };
    const jokes = module.projections.find((projection) => projection.name === 'jokes');
    const daily = module.projections.find((projection) => projection.name === 'daily_generations');
    const notes: string[] = [];
    if (jokes && daily) return { source: 'apps/projectors/dist (real projections)', jokes: runnable(jokes, notes), daily: runnable(daily, notes), notes };
  } catch {
    // Not built (or mid-edit): fall through to the mirrors.
  }
  return { source: 'MIRRORS in tools/bench/projections.ts (apps/projectors is not built)', jokes: jokesMirror, daily: dailyMirror, notes: [] };
}

type JokeStoredEvent = StoredEvent<'JokeGenerated', JokeGeneratedData>;

interface JokeRow {
  [column: string]: string | number | null;
  id: string;
  user_id: string | null;
  content: string;
  comedian_style: string;
  topic: string;
  length: string;
  rating: number | null;
  created_at: string;
}

/** Mirrors jokeHistoryProjection (apps/projectors/src/projections/joke-history.projection.ts). */
const jokesMirror = rowProjection<JokeRow, JokeStoredEvent>({
  name: 'jokes',
  version: 1,
  table: 'jokes',
  columns: {
    id: 'uuid',
    user_id: 'text',
    content: 'text',
    comedian_style: 'text',
    topic: 'text',
    length: 'text',
    rating: 'smallint',
    created_at: 'timestamptz',
  },
  key: ['id'],
  indexes: ['CREATE INDEX ON {table} (user_id, created_at DESC)'],
  handles: ['JokeGenerated'],
  keyOf: (event) => ({ id: event.data.jokeId }),
  evolve: (row, event) => ({
    id: event.data.jokeId,
    user_id: event.data.userId,
    content: event.data.content,
    comedian_style: event.data.comedianStyle,
    topic: event.data.topic,
    length: event.data.length,
    rating: row?.rating ?? null,
    created_at: event.data.generatedAt,
  }),
});

interface DailyGenerationsRow {
  [column: string]: string | number | null;
  day: string;
  comedian_style: string;
  generated: number;
  suggested_topics: number;
}

/** Mirrors dailyGenerationsProjection (apps/projectors/src/projections/daily-generations.projection.ts). */
const dailyMirror = rowProjection<DailyGenerationsRow, JokeStoredEvent>({
  name: 'daily_generations',
  version: 1,
  table: 'daily_generations',
  columns: { day: 'date', comedian_style: 'text', generated: 'integer', suggested_topics: 'integer' },
  key: ['day', 'comedian_style'],
  handles: ['JokeGenerated'],
  keyOf: (event) => ({ day: event.data.generatedAt.slice(0, 10), comedian_style: event.data.comedianStyle }),
  evolve: (row, event) => ({
    day: event.data.generatedAt.slice(0, 10),
    comedian_style: event.data.comedianStyle,
    generated: (row?.generated ?? 0) + 1,
    suggested_topics: (row?.suggested_topics ?? 0) + (event.data.topicSuggested ? 1 : 0),
  }),
});
