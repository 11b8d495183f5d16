import type pg from 'pg';
import { migrate } from '../postgres/migrator.js';
import { dataKeyOf, newDataKeyMaterial, unwrapDataKey, wrapDataKey, type DataKey } from './personal-data-cipher.js';
import { personalDataMigrations } from './personal-data.migrations.js';
import type { PersonalDataSecret } from './personal-data-secret.js';

export type Queryable = pg.Pool | pg.PoolClient | pg.Client;

/** Personal data of an erased person must not be written again: the decider refuses their commands first; this is the floor under it. */
export class SubjectErasedError extends Error {
  override readonly name = 'SubjectErasedError';
  constructor(readonly subject: string) {
    super(`The personal data of ${subject} was erased; nothing personal is written for them again`);
  }
}

interface Cached {
  key: DataKey | null;
  until: number;
}

/**
 * The `personal_data_keys` table. Keys are cached for a short while (reading a
 * stream would otherwise cost a query per event); a key destroyed by another
 * process is forgotten here within `cacheMs`, a destroyed one is remembered for
 * good (destruction is final).
 */
export class PersonalDataKeys {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly secret: PersonalDataSecret,
    private readonly db?: Queryable,
    private readonly options: { cacheMs?: number } = {},
  ) {}

  async migrate(pool: pg.Pool): Promise<void> {
    await migrate(pool, 'personal-data', personalDataMigrations);
  }

  /** The subject's key, made on first use. */
  async forWriting(subject: string, db: Queryable | undefined = this.db): Promise<DataKey> {
    const cached = this.fresh(subject);
    if (cached) return cached;
    const found = (await this.forReading([subject], db)).get(subject);
    if (found) return found;
    if (found === null && this.cache.has(subject)) throw new SubjectErasedError(subject);
    const material = newDataKeyMaterial();
    // Two processes making the subject's first key at once: one row wins, both use it.
    await this.queryable(db).query('INSERT INTO personal_data_keys (subject_id, wrapped_key) VALUES ($1, $2) ON CONFLICT (subject_id) DO NOTHING', [
      subject,
      wrapDataKey(this.secret.keyEncryptionKey, subject, material),
    ]);
    this.cache.delete(subject);
    const made = (await this.forReading([subject], db)).get(subject);
    if (!made) throw new SubjectErasedError(subject);
    return made;
  }

  /** Each subject's key; null for one destroyed or never made (both read as erased). */
  async forReading(subjects: readonly string[], db: Queryable | undefined = this.db): Promise<Map<string, DataKey | null>> {
    const keys = new Map<string, DataKey | null>();
    const missing: string[] = [];
    for (const subject of new Set(subjects)) {
      const cached = this.cache.get(subject);
      if (cached && cached.until > Date.now()) keys.set(subject, cached.key);
      else missing.push(subject);
    }
    if (missing.length === 0) return keys;
    const rows = await this.queryable(db).query<{ subject_id: string; wrapped_key: Buffer | null }>(
      'SELECT subject_id, wrapped_key FROM personal_data_keys WHERE subject_id = ANY($1::text[])',
      [missing],
    );
    const found = new Map(rows.rows.map((row) => [row.subject_id, row.wrapped_key]));
    for (const subject of missing) {
      const wrapped = found.get(subject);
      const key = wrapped ? dataKeyOf(subject, this.unwrap(subject, wrapped)) : null;
      keys.set(subject, key);
      // A tombstone is final; a subject without a row may get one, so it is not cached.
      if (wrapped) this.cache.set(subject, { key, until: Date.now() + (this.options.cacheMs ?? 30_000) });
      else if (found.has(subject)) this.cache.set(subject, { key: null, until: Number.POSITIVE_INFINITY });
    }
    return keys;
  }

  /** Destroys the key, leaving the tombstone; true when this call destroyed it, false when it already was or never existed. */
  async destroy(subject: string, db: Queryable | undefined = this.db): Promise<boolean> {
    const result = await this.queryable(db).query(
      `INSERT INTO personal_data_keys (subject_id, wrapped_key, destroyed_at) VALUES ($1, NULL, now())
       ON CONFLICT (subject_id) DO UPDATE SET wrapped_key = NULL, destroyed_at = now() WHERE personal_data_keys.destroyed_at IS NULL
       RETURNING (xmax <> 0) AS existed`,
      [subject],
    );
    this.cache.set(subject, { key: null, until: Number.POSITIVE_INFINITY });
    return result.rows.length > 0 && (result.rows[0] as { existed: boolean }).existed;
  }

  /** Whether a key was ever made for the subject, and whether it was destroyed (read from the table, never the cache). */
  async stateOf(subject: string, db: Queryable | undefined = this.db): Promise<'live' | 'destroyed' | 'none'> {
    const { rows } = await this.queryable(db).query<{ destroyed: boolean }>('SELECT wrapped_key IS NULL AS destroyed FROM personal_data_keys WHERE subject_id = $1', [subject]);
    if (rows.length === 0) return 'none';
    return rows[0]!.destroyed ? 'destroyed' : 'live';
  }

  /** Every subject whose key still exists (to read events with every remaining key). */
  async liveSubjects(db: Queryable | undefined = this.db): Promise<string[]> {
    const rows = await this.queryable(db).query<{ subject_id: string }>('SELECT subject_id FROM personal_data_keys WHERE wrapped_key IS NOT NULL ORDER BY subject_id');
    return rows.rows.map((row) => row.subject_id);
  }

  private fresh(subject: string): DataKey | undefined {
    const cached = this.cache.get(subject);
    return cached && cached.until > Date.now() && cached.key ? cached.key : undefined;
  }

  private unwrap(subject: string, wrapped: Buffer): Buffer {
    try {
      return unwrapDataKey(this.secret.keyEncryptionKey, subject, wrapped);
    } catch {
      throw new Error(`The personal-data key of ${subject} does not open with ${this.secret.source}: start with the PERSONAL_DATA_KEY_SECRET (or DATA_DIR) the keys were made with.`);
    }
  }

  private queryable(db: Queryable | undefined): Queryable {
    if (!db) throw new Error('PersonalDataKeys needs a database connection');
    return db;
  }
}
