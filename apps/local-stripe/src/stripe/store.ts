import type { Migration } from '@jokes/event-store';
import { migrate, withTransaction } from '@jokes/event-store';
import type pg from 'pg';
import { newId, publicView, type LocalInvoice, type LocalObject, type LocalSubscription } from './objects.js';

/** The API version whose shapes the emulator speaks (that of the installed SDK). */
export const LOCAL_API_VERSION = '2026-10-28.endive';

// The provider's own database, in its own schema: it stands in for Stripe's
// servers, so nothing of the product reads it. Persisted, so renewals go on
// across restarts of the product.
const migrations: Migration[] = [
  {
    version: 1,
    name: 'local stripe: objects, clock, webhook outbox, idempotency keys',
    sql: `
      CREATE SCHEMA IF NOT EXISTS local_stripe;
      CREATE TABLE local_stripe.objects (
        id text PRIMARY KEY, object text NOT NULL, customer text, secret text, due_at bigint,
        data jsonb NOT NULL, created bigint NOT NULL);
      CREATE INDEX ON local_stripe.objects (object, customer);
      CREATE UNIQUE INDEX ON local_stripe.objects (secret) WHERE secret IS NOT NULL;
      CREATE INDEX ON local_stripe.objects (due_at) WHERE due_at IS NOT NULL;
      CREATE TABLE local_stripe.clock (id boolean PRIMARY KEY DEFAULT true CHECK (id), offset_seconds bigint NOT NULL DEFAULT 0);
      INSERT INTO local_stripe.clock DEFAULT VALUES;
      CREATE TABLE local_stripe.events (
        seq bigserial PRIMARY KEY, id text NOT NULL UNIQUE, type text NOT NULL, payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(), next_attempt_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0, delivered_at timestamptz, last_error text);
      CREATE INDEX ON local_stripe.events (next_attempt_at) WHERE delivered_at IS NULL;
      CREATE TABLE local_stripe.idempotency (key text PRIMARY KEY, status integer NOT NULL, body jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now());`,
  },
];

/** Who asked: an API request (its id and idempotency key), or nobody (the billing clock). */
export interface RequestInfo {
  id: string | null;
  idempotency_key: string | null;
}

export const AUTOMATIC: RequestInfo = { id: null, idempotency_key: null };

/** An incomplete checkout expires after 23 hours, as at Stripe. */
export const INCOMPLETE_EXPIRY_SECONDS = 23 * 3600;

/** When the billing clock must next look at an object, or null. */
function dueAt(object: LocalObject): number | null {
  if (object.object === 'invoice') return object.status === 'open' ? object.next_payment_attempt : null;
  if (object.object !== 'subscription') return null;
  switch (object.status) {
    case 'trialing':
      return object.trial_end;
    case 'active':
    case 'past_due':
      return periodEnd(object);
    case 'incomplete':
      return object.created + INCOMPLETE_EXPIRY_SECONDS;
    default:
      return null;
  }
}

export function periodEnd(subscription: LocalSubscription): number {
  return subscription.items.data[0]!.current_period_end;
}

/** One transaction at the provider, at one moment of its clock. */
export class LocalStripeTx {
  constructor(
    private readonly client: pg.PoolClient,
    /** Seconds since the epoch on the provider's (advanceable) clock. */
    public now: number,
  ) {}

  async get<T extends LocalObject>(id: string | null | undefined, object: T['object']): Promise<T | undefined> {
    if (!id) return undefined;
    const result = await this.client.query<{ data: T }>('SELECT data FROM local_stripe.objects WHERE id = $1 AND object = $2 FOR UPDATE', [id, object]);
    return result.rows[0]?.data;
  }

  async bySecret<T extends LocalObject>(secret: string): Promise<T | undefined> {
    const result = await this.client.query<{ data: T }>('SELECT data FROM local_stripe.objects WHERE secret = $1 FOR UPDATE', [secret]);
    return result.rows[0]?.data;
  }

  async ofCustomer<T extends LocalObject>(customer: string, object: T['object']): Promise<T[]> {
    const result = await this.client.query<{ data: T }>(
      'SELECT data FROM local_stripe.objects WHERE customer = $1 AND object = $2 ORDER BY created DESC, id',
      [customer, object],
    );
    return result.rows.map((row) => row.data);
  }

  async put<T extends LocalObject>(value: T): Promise<T> {
    const customer = 'customer' in value && typeof value.customer === 'string' ? value.customer : value.object === 'customer' ? value.id : null;
    const secret = 'client_secret' in value ? value.client_secret : null;
    await this.client.query(
      `INSERT INTO local_stripe.objects (id, object, customer, secret, due_at, data, created) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET due_at = EXCLUDED.due_at, data = EXCLUDED.data`,
      [value.id, value.object, customer, secret, dueAt(value), JSON.stringify(value), value.created],
    );
    return value;
  }

  /** The object that came due first, up to the provider's now; `now` moves to that moment. */
  async claimNextDue(): Promise<LocalSubscription | LocalInvoice | undefined> {
    const result = await this.client.query<{ data: LocalSubscription | LocalInvoice; due_at: string }>(
      `SELECT data, due_at FROM local_stripe.objects WHERE due_at IS NOT NULL AND due_at <= $1
       ORDER BY due_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [this.now],
    );
    const row = result.rows[0];
    if (!row) return undefined;
    this.now = Number(row.due_at);
    return row.data;
  }

  /** Removes a value (a deleted customer's e-mail) from every stored webhook payload and idempotent answer: JSON strings become null. */
  async redact(value: string): Promise<void> {
    const quoted = JSON.stringify(value);
    await this.client.query(`UPDATE local_stripe.events SET payload = replace(payload::text, $1, 'null')::jsonb WHERE strpos(payload::text, $1) > 0`, [quoted]);
    await this.client.query(`UPDATE local_stripe.idempotency SET body = replace(body::text, $1, 'null')::jsonb WHERE strpos(body::text, $1) > 0`, [quoted]);
  }

  /** Queues a Stripe-shaped event for webhook delivery, committed with the change it describes. */
  async emit(type: string, object: LocalObject, request: RequestInfo, previousAttributes?: Record<string, unknown>): Promise<void> {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: LOCAL_API_VERSION,
      created: this.now,
      data: { object: publicView(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request,
      type,
    };
    await this.client.query('INSERT INTO local_stripe.events (id, type, payload) VALUES ($1, $2, $3)', [event.id, type, JSON.stringify(event)]);
  }
}

export class LocalStripeStore {
  constructor(readonly pool: pg.Pool) {}

  async migrate(): Promise<void> {
    await migrate(this.pool, 'local-stripe', migrations);
  }

  async offsetSeconds(client: pg.Pool | pg.PoolClient = this.pool): Promise<number> {
    const result = await client.query<{ offset_seconds: string }>('SELECT offset_seconds FROM local_stripe.clock');
    return Number(result.rows[0]?.offset_seconds ?? 0);
  }

  async now(): Promise<number> {
    return Math.floor(Date.now() / 1000) + (await this.offsetSeconds());
  }

  async transaction<T>(work: (tx: LocalStripeTx) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, async (client) =>
      work(new LocalStripeTx(client, Math.floor(Date.now() / 1000) + (await this.offsetSeconds(client)))),
    );
  }
}
