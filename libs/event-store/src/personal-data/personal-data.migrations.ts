import type { Migration } from '../postgres/migrator.js';

/**
 * One data key per person, kept beside the event store but outside it: the
 * events hold only what the key seals. Destroying a person's key (wrapped_key
 * NULL, destroyed_at set) is their erasure; the row stays as a tombstone so no
 * new key is ever made for an erased subject (their old events would not open
 * with it anyway, and a new key would only invite new personal data in).
 */
export const personalDataMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'personal data keys',
    sql: `
      CREATE TABLE personal_data_keys (
        subject_id text PRIMARY KEY,
        -- AES-256-GCM under a key derived from PERSONAL_DATA_KEY_SECRET, bound to subject_id.
        wrapped_key bytea,
        created_at timestamptz NOT NULL DEFAULT now(),
        destroyed_at timestamptz,
        CHECK ((wrapped_key IS NULL) = (destroyed_at IS NOT NULL))
      );
    `,
  },
];
