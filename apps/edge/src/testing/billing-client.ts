import { randomUUID } from 'node:crypto';
import type { ConfirmCardResponse, CreateSubscriptionResponse, SubscriptionHistory, SubscriptionRow } from '@jokes/contracts';
import pg from 'pg';
import type { TestIssuer } from './test-issuer.js';

/** The stack environment of the billing tests: the clock moves only when a test moves it. */
export const BILLING_TEST_WEBHOOK_SECRET = 'whsec_stack_test_secret';
export const billingEnv = (issuer: TestIssuer) => ({ ...issuer.env(), BILLING_CLOCK_INTERVAL_MS: '0', STRIPE_WEBHOOK_SECRET: BILLING_TEST_WEBHOOK_SECRET });

export const DAY = 86_400;

export interface Call {
  status: number;
  body: unknown;
  headers: Headers;
}

export interface TestUser {
  userId: string;
  email: string;
  token: string;
}

/** The product's billing calls over real HTTP, as the web app makes them. */
export class BillingClient {
  /** Who started each checkout: confirming its card is that user's act, with their token. */
  private readonly checkoutOwners = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly databaseUrl: string,
    private readonly issuer: TestIssuer,
  ) {}

  async call(method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Call> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // HTML pages and redirects stay text.
    }
    return { status: response.status, body, headers: response.headers };
  }

  /** A registered user (the users read model needs one for sync-user) and a token. */
  async newUser(roles: string[] = []): Promise<TestUser> {
    const userId = randomUUID();
    const email = `${userId.slice(0, 8)}@example.com`;
    const db = new pg.Client({ connectionString: this.databaseUrl });
    await db.connect();
    const event = { userId, email, username: email.split('@')[0], ageConfirmed: true, rememberMe: true, registeredAt: new Date().toISOString() };
    await db.query(
      `SELECT * FROM append_to_stream($1, 'no_stream', 0, ARRAY[$2::uuid], ARRAY['UserRegistered'], ARRAY[1], ARRAY[$3::jsonb], ARRAY['{}'::jsonb])`,
      [`user-${userId}`, randomUUID(), JSON.stringify(event)],
    );
    await db.end();
    return { userId, email, token: await this.issuer.token(userId, { email, app_metadata: { roles } }) };
  }

  async createSubscription(user: TestUser, plan: 'monthly' | 'yearly' = 'monthly', promo?: string) {
    const created = (await this.call('POST', '/api/create-subscription', {
      token: user.token,
      body: { user_id: user.userId, email: user.email, plan_type: plan, promo_code: promo },
    })) as Call & { body: CreateSubscriptionResponse & { error?: string } };
    if (created.status === 200) this.checkoutOwners.set(created.body.clientSecret, user.token);
    return created;
  }

  /** As the subscribe page's card form does it: signed in as the checkout's owner, unless `token` says otherwise (null: no session). */
  async confirmCard(clientSecret: string, cardNumber: string, expiry = '12/40', cvc = '123', token: string | null = this.checkoutOwners.get(clientSecret) ?? null) {
    return this.call('POST', '/api/local-billing/confirm-card', { token: token ?? undefined, body: { clientSecret, cardNumber, expiry, cvc } }) as Promise<
      Call & { body: ConfirmCardResponse & { error?: { code: string; decline_code?: string; message: string } } }
    >;
  }

  /** Manage Subscription: the path of the user's local portal page. */
  async openPortal(user: TestUser): Promise<string> {
    const portal = await this.call('POST', '/api/billing-portal', { token: user.token, body: {} });
    if (portal.status !== 200) throw new Error(`billing-portal answered ${portal.status}: ${JSON.stringify(portal.body)}`);
    return new URL((portal.body as { url: string }).url).pathname;
  }

  /** A portal button, as the page's script presses it: with the signed-in user's token (null: no session). */
  async portalAction(portalPath: string, action: string, token: string | null, body: Record<string, string> = {}) {
    return this.call('POST', `${portalPath}/${action}`, { token: token ?? undefined, body });
  }

  /** The whole subscribe flow: checkout, then the card. */
  async subscribe(user: TestUser, cardNumber: string, plan: 'monthly' | 'yearly' = 'monthly', promo?: string) {
    const created = await this.createSubscription(user, plan, promo);
    if (created.status !== 200) throw new Error(`create-subscription answered ${created.status}: ${JSON.stringify(created.body)}`);
    return { created: created.body, confirmed: await this.confirmCard(created.body.clientSecret, cardNumber) };
  }

  async advanceClock(seconds: number) {
    const moved = await this.call('POST', '/api/local-billing/clock/advance', { body: { seconds } });
    if (moved.status !== 200) throw new Error(`clock advance answered ${moved.status}: ${JSON.stringify(moved.body)}`);
    return moved.body as { now: string; processed: number; delivered: number; position: string | null };
  }

  async subscriptions(user: Pick<TestUser, 'userId' | 'token'>, position?: string | null): Promise<SubscriptionRow[]> {
    const answer = await this.call('GET', `/api/subscriptions?user_id=${user.userId}`, { token: user.token, headers: position ? { 'x-consistent-position': position } : {} });
    return answer.body as SubscriptionRow[];
  }

  async syncUser(user: TestUser, position?: string | null) {
    const answer = await this.call('POST', '/api/sync-user', { token: user.token, body: { id: user.userId, email: user.email, force_refresh: true }, headers: position ? { 'x-consistent-position': position } : {} });
    return answer.body as { has_active_subscription: boolean; stripe_customer_id: string | null };
  }

  async timeline(userId: string): Promise<SubscriptionHistory> {
    const support = await this.issuer.token(randomUUID(), { app_metadata: { roles: ['support'] } });
    return (await this.call('GET', `/api/support/users/${userId}/subscription-history`, { token: support })).body as SubscriptionHistory;
  }

  /** Rows of the event store, for asserting that nothing was appended. */
  async eventCount(streamId: string): Promise<number> {
    const db = new pg.Client({ connectionString: this.databaseUrl });
    await db.connect();
    const result = await db.query<{ count: string }>('SELECT count(*) AS count FROM events WHERE stream_id = $1', [streamId]);
    await db.end();
    return Number(result.rows[0]?.count ?? 0);
  }
}

/** Polls until `check` stops throwing (read models and webhook deliveries settle asynchronously). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
