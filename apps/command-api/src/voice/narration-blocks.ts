import { createHash } from 'node:crypto';
import type { Migration } from '@jokes/event-store';
import type pg from 'pg';

/**
 * Component `voice`: what may no longer be read aloud or served, by hash: the
 * text of a withdrawn joke (sha256 of the trimmed text, as narration receives
 * it) and the audio files made of it in every voice. A table, not memory, so
 * every instance refuses them, also those that still hold the files.
 */
export const narrationBlocksMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'narration blocks',
    sql: `
CREATE TABLE narration_blocks (
  hash char(64) PRIMARY KEY,
  joke_id uuid NOT NULL,
  blocked_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
];

/** The hash narration is blocked by: the text as the contract leaves it (trimmed). */
export const textHash = (text: string): string => createHash('sha256').update(text.trim()).digest('hex');

export class NarrationBlocks {
  constructor(private readonly pool: pg.Pool) {}

  async block(jokeId: string, hashes: readonly string[]): Promise<void> {
    await this.pool.query('INSERT INTO narration_blocks (hash, joke_id) SELECT unnest($1::char(64)[]), $2 ON CONFLICT (hash) DO NOTHING', [hashes, jokeId]);
  }

  async isBlocked(hash: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM narration_blocks WHERE hash = $1', [hash]);
    return (rowCount ?? 0) > 0;
  }
}
