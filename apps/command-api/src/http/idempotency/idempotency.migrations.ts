import type { Migration } from '@jokes/event-store';

/** Component `idempotency`: one row per (caller, key), the first result once there is one. */
export const idempotencyMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'idempotency keys',
    sql: `
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  -- SHA-256 of method, target and body: the same key with another request is refused.
  fingerprint text NOT NULL,
  -- The execution that owns a running key; its result is recorded only under this id.
  attempt uuid NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'done')),
  -- A running key whose lease ran out belongs to an execution that died.
  locked_until timestamptz NOT NULL,
  status integer,
  body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_expiry_idx ON idempotency_keys (expires_at);
`,
  },
];
