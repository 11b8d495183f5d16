import type { Migration } from '@jokes/event-store';

/**
 * Component `account`: the privacy job's to-do list. The user stream is the
 * authority (AccountDeletionRequested, AccountErased); this row only lets the
 * job find due erasures without scanning the store. It is written before the
 * event and checked against the stream, so a crash between the two leaves a
 * row the job drops, never an erasure it misses.
 */
export const accountMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'account deletions',
    sql: `
      CREATE TABLE account_deletions (
        user_id uuid PRIMARY KEY,
        erasure_due_at timestamptz NOT NULL,
        requested_at timestamptz NOT NULL DEFAULT now(),
        -- Set when the erasure finished; the row stays (a random id and two dates) so a second run knows.
        erased_at timestamptz
      );
      CREATE INDEX account_deletions_due ON account_deletions (erasure_due_at) WHERE erased_at IS NULL;
    `,
  },
  {
    version: 2,
    name: 'payment records retention',
    // The payment records of a person erased at erased_at are due at erased_at + PAYMENT_RECORDS_YEARS
    // (computed, so the setting applies to everyone erased); set when their key was destroyed.
    sql: `
      ALTER TABLE account_deletions ADD COLUMN payment_records_erased_at timestamptz;
      CREATE INDEX account_deletions_payment_records_due ON account_deletions (erased_at) WHERE erased_at IS NOT NULL AND payment_records_erased_at IS NULL;
    `,
  },
];
