import pg from 'pg';
import { log } from '../log.js';

/**
 * Access tokens refused before they expire, in `auth_token_revocations` (the
 * auth service's table, apps/command-api auth.migrations.ts): every token of an
 * ended session, and a user's tokens that carry a role since revoked. A row is
 * kept until the last token it voids has expired, so the list stays as small
 * as an hour of sign-outs. Writers announce changes on this channel.
 */
export const TOKEN_REVOCATIONS_CHANNEL = 'auth_token_revocations';

/** How soon after a revocation every API refuses the token: the product's promise. */
export const REVOCATION_BOUND_MS = 5_000;

type Queryable = Pick<pg.ClientBase, 'query'>;

/** Every token of these sessions, each until `until` (when its last token expires). */
export async function revokeSessionTokens(db: Queryable, sessions: readonly { id: string; until: Date }[]): Promise<void> {
  if (sessions.length === 0) return;
  await db.query(
    `INSERT INTO auth_token_revocations (session_id, expires_at) SELECT * FROM unnest($1::uuid[], $2::timestamptz[])
     ON CONFLICT (session_id) WHERE session_id IS NOT NULL DO UPDATE SET expires_at = GREATEST(auth_token_revocations.expires_at, EXCLUDED.expires_at)`,
    [sessions.map((session) => session.id), sessions.map((session) => session.until)],
  );
}

/** The user's tokens that carry `role`, until `until`: they refresh to get tokens without it. */
export async function revokeRoleTokens(db: Queryable, userId: string, role: string, until: Date): Promise<void> {
  await db.query(
    `INSERT INTO auth_token_revocations (user_id, role, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, role) WHERE user_id IS NOT NULL DO UPDATE SET expires_at = GREATEST(auth_token_revocations.expires_at, EXCLUDED.expires_at)`,
    [userId, role, until],
  );
}

/** The role is the user's again: tokens that carry it are right again. */
export async function restoreRoleTokens(db: Queryable, userId: string, role: string): Promise<void> {
  await db.query('DELETE FROM auth_token_revocations WHERE user_id = $1 AND role = $2', [userId, role]);
}

/**
 * Tells every API's list to reload, after the revocation committed (a NOTIFY
 * is delivered at commit; sent on its own, it cannot arrive before the rows).
 * A lost one costs at most the lists' refresh interval.
 */
export async function announceRevocations(db: Queryable): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [TOKEN_REVOCATIONS_CHANNEL, '']);
}

/** What a verified token says that a revocation can name. */
export interface RevocableToken {
  userId: string;
  sessionId: string | null;
  roles: readonly string[];
}

/**
 * The list is older than REVOCATION_BOUND_MS (the database cannot be reached):
 * a token it would refuse might be accepted, so none is. SQLSTATE class 08
 * (connection exception): the APIs answer it as the database being down, 503
 * with Retry-After, and recover with it.
 */
export class RevocationsUnavailableError extends Error {
  override readonly name = 'RevocationsUnavailableError';
  readonly code = '08000';
  constructor(cause?: unknown) {
    super('The list of ended sessions could not be refreshed', { cause });
  }
}

export interface RevocationListOptions {
  databaseUrl: string;
  /** How often the list is read again whatever the notifications say (below REVOCATION_BOUND_MS). */
  refreshMs: number;
}

interface RevocationRow {
  session_id: string | null;
  user_id: string | null;
  role: string | null;
}

/**
 * The revocations in memory, so checking a token costs no database round trip.
 * One connection of its own LISTENs for announcements and reads the whole list
 * again on each (coalesced), and every `refreshMs` in case one was missed (a
 * dropped connection, a reconnect). Until a read has succeeded within
 * REVOCATION_BOUND_MS, `refuses` throws rather than trust an old list.
 */
export class RevocationList {
  private sessions = new Set<string>();
  private roles = new Map<string, Set<string>>();
  private loadedAt = 0;
  private lastError: unknown;
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private loading: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  private constructor(private readonly options: RevocationListOptions) {}

  /**
   * Read before it is returned. A database down at start does not stop the
   * API from starting (it waits for the database like the rest of it): tokens
   * are answered 503 until a read succeeds.
   */
  static async start(options: RevocationListOptions): Promise<RevocationList> {
    const list = new RevocationList(options);
    await list.reload();
    list.timer = setInterval(() => void list.reload(), options.refreshMs).unref();
    return list;
  }

  /** Whether the token was revoked; throws RevocationsUnavailableError when the list is too old to tell. */
  refuses(token: RevocableToken, now = Date.now()): boolean {
    if (now - this.loadedAt > REVOCATION_BOUND_MS) throw new RevocationsUnavailableError(this.lastError);
    if (token.sessionId !== null && this.sessions.has(token.sessionId)) return true;
    const revokedRoles = this.roles.get(token.userId);
    return revokedRoles !== undefined && token.roles.some((role) => revokedRoles.has(role));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.loading;
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }

  /** One read at a time; a request for another while one runs makes one more after it. */
  reload(): Promise<void> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = (async () => {
      do {
        this.again = false;
        await this.read();
      } while (this.again && !this.stopped);
    })().finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async read(): Promise<void> {
    if (this.stopped) return;
    const started = Date.now();
    try {
      const client = await this.connection();
      const { rows } = await client.query<RevocationRow>('SELECT session_id, user_id, role FROM auth_token_revocations WHERE expires_at > now()').catch((error: unknown) => {
        // No table: the auth service has not migrated yet, so nothing was ever revoked.
        if ((error as { code?: unknown }).code === '42P01') return { rows: [] };
        throw error;
      });
      const sessions = new Set<string>();
      const roles = new Map<string, Set<string>>();
      for (const row of rows) {
        if (row.session_id) sessions.add(row.session_id);
        else if (row.user_id && row.role) roles.set(row.user_id, (roles.get(row.user_id) ?? new Set()).add(row.role));
      }
      this.sessions = sessions;
      this.roles = roles;
      // From when the read began: a revocation committed after that may be missing.
      this.loadedAt = started;
      this.lastError = undefined;
    } catch (error) {
      if (this.lastError === undefined) log('warn', 'token revocation list could not be read; retrying', { error: String(error) });
      this.lastError = error;
      this.drop();
    }
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    // Bounded waits: a database that hangs must not stall the refresh for good.
    const client = new pg.Client({ connectionString: this.options.databaseUrl, connectionTimeoutMillis: 3_000, query_timeout: 3_000 });
    client.on('notification', () => void this.reload());
    client.on('error', () => this.drop(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${TOKEN_REVOCATIONS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    return client;
  }

  /** The next read opens a new connection (and LISTENs again). */
  private drop(client = this.client): void {
    if (!client) return;
    if (this.client === client) this.client = undefined;
    client.end().catch(() => undefined);
  }
}
