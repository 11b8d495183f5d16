import type { Migration } from '@jokes/event-store';

/** Component `spend`: one row per counter and window, shared by every instance of the command API. */
export const spendMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'spend counters',
    sql: `
CREATE TABLE spend_counters (
  -- 'model-calls', 'narration-characters', or 'narration-characters:user:{userId}'.
  counter text NOT NULL,
  -- The start of the hour (or day) the count belongs to: a new window starts a new row.
  window_start timestamptz NOT NULL,
  window_end timestamptz NOT NULL,
  used bigint NOT NULL CHECK (used >= 0),
  PRIMARY KEY (counter, window_start)
);
CREATE INDEX spend_counters_end_idx ON spend_counters (window_end);
`,
  },
];
