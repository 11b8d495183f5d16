import type { Migration } from '@jokes/event-store';

/**
 * The auth service's own tables: credentials, sessions, one-time tokens, rate
 * limits, signing keys. Secrets live only here, never in events; every token
 * is stored as its SHA-256 so a copy of the database cannot be replayed, and
 * the private signing keys are encrypted with a key kept outside it.
 */
export const authMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'auth tables',
    sql: `
      CREATE TABLE auth_signing_keys (
        kid text PRIMARY KEY,
        algorithm text NOT NULL,
        public_jwk jsonb NOT NULL,
        private_jwk jsonb NOT NULL,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      -- Processes starting together race to create the first key; one wins.
      CREATE UNIQUE INDEX auth_signing_keys_one_active ON auth_signing_keys ((true)) WHERE active;

      CREATE TABLE auth_users (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        email_normalized text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        user_metadata jsonb NOT NULL DEFAULT '{}',
        confirmation_sent_at timestamptz,
        recovery_sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE auth_sessions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
        aal text NOT NULL DEFAULT 'aal1',
        amr jsonb NOT NULL,
        remember_me boolean NOT NULL,
        not_after timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        refreshed_at timestamptz,
        ended_at timestamptz,
        end_reason text
      );
      CREATE INDEX auth_sessions_live ON auth_sessions (user_id) WHERE ended_at IS NULL;

      -- A chain per session: the row with rotated_at NULL is the one usable token.
      CREATE TABLE auth_refresh_tokens (
        token_hash bytea PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
        parent_hash bytea,
        rotated_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX auth_refresh_tokens_session ON auth_refresh_tokens (session_id);

      CREATE TABLE auth_one_time_tokens (
        token_hash bytea PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('confirmation', 'recovery', 'auth_code')),
        user_id uuid NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
        -- PKCE: the challenge the browser that asked for the mail holds the verifier of.
        code_challenge text,
        code_challenge_method text CHECK (code_challenge_method IN ('s256', 'plain')),
        -- Auth codes: how the user proved themselves ('otp' for a confirmation link, 'recovery').
        auth_method text,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX auth_one_time_tokens_user ON auth_one_time_tokens (user_id, kind);

      -- Fixed windows shared by every process: (bucket, window start) -> hits.
      CREATE TABLE auth_rate_limits (
        bucket text NOT NULL,
        window_start timestamptz NOT NULL,
        hits integer NOT NULL,
        PRIMARY KEY (bucket, window_start)
      );
    `,
  },
  {
    version: 2,
    name: 'rate-limit windows of their own length, clients known to an account',
    sql: `
      -- Windows differ per limit now, so each row says when it can go.
      ALTER TABLE auth_rate_limits ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '1 day';
      CREATE INDEX auth_rate_limits_expiry ON auth_rate_limits (expires_at);

      -- Clients (IPv4 address or IPv6 /64) an account signed in from: guessing
      -- spread over many clients does not shut the owner out of a known one.
      CREATE TABLE auth_known_clients (
        user_id uuid NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
        client text NOT NULL,
        last_signed_in_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, client)
      );
    `,
  },
  {
    version: 3,
    name: 'signing keys encrypted at rest, with a rotation schedule',
    sql: `
      -- The private key moves to private_key_encrypted (AES-256-GCM, key from
      -- AUTH_SIGNING_KEY_SECRET); start-up encrypts the plaintext rows, which
      -- SQL cannot do without the secret, and clears private_jwk.
      ALTER TABLE auth_signing_keys
        ADD COLUMN private_key_encrypted text,
        ADD COLUMN signs_from timestamptz,
        ADD COLUMN signs_until timestamptz,
        ALTER COLUMN private_jwk DROP NOT NULL;
      UPDATE auth_signing_keys SET signs_from = created_at;
      ALTER TABLE auth_signing_keys
        ALTER COLUMN signs_from SET NOT NULL,
        ALTER COLUMN signs_from SET DEFAULT now(),
        ADD CONSTRAINT auth_signing_keys_private_key CHECK (private_jwk IS NOT NULL OR private_key_encrypted IS NOT NULL);
    `,
  },
  {
    version: 4,
    name: 'confirmation links carry their sign-up password, revoked access tokens',
    sql: `
      -- The password of the sign-up that sent a confirmation link; confirming sets it (cleared once used).
      ALTER TABLE auth_one_time_tokens ADD COLUMN password_hash text;

      -- When the address was found confirmed (the user stream is the authority): set by /verify, and
      -- by the privacy job for accounts from before this column, so it reads each stream once.
      ALTER TABLE auth_users ADD COLUMN email_confirmed_at timestamptz;
      CREATE INDEX auth_users_unconfirmed ON auth_users (created_at) WHERE email_confirmed_at IS NULL;

      -- Access tokens refused before they expire, which every API keeps in memory
      -- (libs/server token-revocations.ts): all of an ended session's, or a user's
      -- that carry a role since revoked. A row goes once the last token it voids
      -- has expired. No foreign key: an erased account's rows must outlive it.
      CREATE TABLE auth_token_revocations (
        id bigserial PRIMARY KEY,
        session_id uuid,
        user_id uuid,
        role text,
        expires_at timestamptz NOT NULL,
        CHECK ((session_id IS NOT NULL AND user_id IS NULL AND role IS NULL) OR (session_id IS NULL AND user_id IS NOT NULL AND role IS NOT NULL))
      );
      CREATE UNIQUE INDEX auth_token_revocations_session ON auth_token_revocations (session_id) WHERE session_id IS NOT NULL;
      CREATE UNIQUE INDEX auth_token_revocations_role ON auth_token_revocations (user_id, role) WHERE user_id IS NOT NULL;
      CREATE INDEX auth_token_revocations_expiry ON auth_token_revocations (expires_at);
    `,
  },
];
