import type { Migration } from '@jokes/event-store';

/** Component `mail`: the durable outbox every mail goes through before a transport sends it. */
export const mailMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'mail outbox',
    sql: `
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY,
  -- What the mail is (confirmation, recovery), for logs and health; never its address.
  kind text NOT NULL,
  -- A newer mail under the same key replaces an unsent older one, whose link no longer works.
  supersede_key text,
  recipient text NOT NULL,
  subject text NOT NULL,
  -- The bodies carry live one-time links: erased once the mail is sent or given up.
  body_text text,
  body_html text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Not sent after this (the link in it has expired).
  expires_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  sent_at timestamptz,
  given_up_at timestamptz,
  -- failed (attempts used up), expired, superseded
  given_up_reason text
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND given_up_at IS NULL;
CREATE INDEX mail_outbox_supersede_idx ON mail_outbox (supersede_key) WHERE sent_at IS NULL AND given_up_at IS NULL;
`,
  },
];
