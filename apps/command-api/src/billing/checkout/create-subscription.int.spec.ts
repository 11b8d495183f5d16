import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { subscriptionStreamId, type PlanType } from '@jokes/domain';
import { EVENT_STORE, PostgresEventStore } from '@jokes/event-store';
import { createTestDatabase, type TestDatabase } from '@jokes/event-store/testing';
import type Stripe from 'stripe';
import { BillingGateway, BillingProviderError, type PlanPrice, type Promotion, type ProviderCheckout, type StartCheckoutInput } from '../gateway/billing-gateway.js';
import { commandErrorFilter } from '../../command-errors.js';
import { CreateSubscriptionController } from './create-subscription.controller.js';
import { CreateSubscriptionHandler } from './create-subscription.handler.js';

/** A provider that can be told to fail, or to let a concurrent request win meanwhile. */
class ScriptedGateway extends BillingGateway {
  failCheckout = false;
  duringCheckout: (() => Promise<void>) | undefined;
  readonly started: string[] = [];
  readonly canceled: string[] = [];
  readonly customers: string[] = [];

  async priceOf(_plan: PlanType): Promise<PlanPrice> {
    return { priceId: 'price_monthly', amount: 499, currency: 'usd' };
  }
  async findPromotion(code: string): Promise<Promotion | null> {
    return code === 'ROCKY17' ? { id: 'promo_1', code, percentOff: 17 } : null;
  }
  async createCustomer(): Promise<string> {
    this.customers.push(`cus_${this.customers.length + 1}`);
    return this.customers.at(-1)!;
  }
  async startCheckout(input: StartCheckoutInput): Promise<ProviderCheckout> {
    if (this.failCheckout) throw new BillingProviderError('Failed to create subscription', 'create the subscription', new Error('connection refused'));
    const subscriptionId = `sub_${this.started.length + 1}`;
    this.started.push(subscriptionId);
    await this.duringCheckout?.();
    return { subscriptionId, customerId: input.customerId, intentType: 'setup', clientSecret: `seti_${subscriptionId}_secret_x`, created: new Date('2026-03-01T09:00:00.000Z') };
  }
  async pendingCheckout(subscriptionId: string): Promise<ProviderCheckout | null> {
    return { subscriptionId, customerId: 'cus_1', intentType: 'setup', clientSecret: `seti_${subscriptionId}_secret_again`, created: new Date() };
  }
  async cancelNow(subscriptionId: string): Promise<void> {
    this.canceled.push(subscriptionId);
  }
  async forgetCustomer(): Promise<void> {}
  async createPortalSession(): Promise<string> {
    return 'http://portal';
  }
  verifyWebhook(): Stripe.Event {
    throw new Error('not used');
  }
}

let db: TestDatabase;
let store: PostgresEventStore;
let app: INestApplication;
let baseUrl: string;
const gateway = new ScriptedGateway();

beforeAll(async () => {
  db = await createTestDatabase('checkout');
  store = new PostgresEventStore(db.pool, { notify: false });
  await store.migrate();
  const moduleRef = await Test.createTestingModule({
    controllers: [CreateSubscriptionController],
    providers: [CreateSubscriptionHandler, { provide: EVENT_STORE, useValue: store }, { provide: BillingGateway, useValue: gateway }],
  }).compile();
  app = moduleRef.createNestApplication({ logger: false });
  // As in the app: failures answer through the one error filter.
  app.useGlobalFilters(commandErrorFilter());
  // Stands in for the CallerGuard: the caller is whoever x-test-user names.
  app.use((request: { headers: Record<string, string>; caller?: unknown }, _response: unknown, next: () => void) => {
    const userId = request.headers['x-test-user'];
    if (userId) request.caller = { userId, email: `${userId}@example.com`, sessionId: null, role: 'authenticated', roles: [], aal: 'aal1' };
    next();
  });
  await app.listen(0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
}, 30_000);
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const subscribe = async (userId: string, promo?: string) => {
  const response = await fetch(`${baseUrl}/api/create-subscription`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-test-user': userId },
    body: JSON.stringify({ user_id: userId, email: `${userId}@example.com`, plan_type: 'monthly', promo_code: promo }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const streamOf = async (userId: string) => (await store.readStream(subscriptionStreamId(userId))).map((event) => event.type);

describe('create-subscription when things go wrong', () => {
  it("answers 'Failed to create subscription' (502) when the provider fails, and records nothing", async () => {
    const userId = randomUUID();
    gateway.failCheckout = true;
    const answer = await subscribe(userId);
    gateway.failCheckout = false;
    expect(answer).toMatchObject({ status: 502, body: { error: 'Failed to create subscription' } });
    expect(await streamOf(userId)).toEqual([]);
  });

  it("cancels the provider's subscription again when it cannot be recorded (a concurrent checkout won)", async () => {
    const userId = randomUUID();
    gateway.duringCheckout = async () => {
      const subject = { userId, subscriptionId: 'sub_winner' };
      await store.append(subscriptionStreamId(userId), [
        { type: 'CheckoutStarted', data: { ...subject, customerId: 'cus_9', plan: 'monthly', promoCode: null, amount: 499, currency: 'usd', withTrial: true, startedAt: '2026-03-01T09:00:00.000Z' } },
        { type: 'TrialStarted', data: { ...subject, plan: 'monthly', trialEndsAt: '2026-03-04T09:00:00.000Z', startedAt: '2026-03-01T09:00:00.000Z' } },
      ]);
    };
    const answer = await subscribe(userId);
    gateway.duringCheckout = undefined;
    expect(answer.status).toBe(409);
    expect(gateway.canceled).toContain(gateway.started.at(-1));
    expect(await streamOf(userId)).toEqual(['CheckoutStarted', 'TrialStarted']);
  });

  it('refuses an unknown promo code before anything is created at the provider', async () => {
    const customers = gateway.customers.length;
    expect(await subscribe(randomUUID(), 'NOPE')).toMatchObject({ status: 400, body: { error: 'The promo code NOPE is not valid.' } });
    expect(gateway.customers).toHaveLength(customers);
  });

  it('reuses the checkout that waits for a card when the same plan is chosen again', async () => {
    const userId = randomUUID();
    const first = await subscribe(userId, 'rocky17');
    const started = gateway.started.length;
    const again = await subscribe(userId, 'ROCKY17');
    expect(again.body).toMatchObject({ subscriptionId: first.body.subscriptionId, amount: 414, promoApplied: true, position: expect.any(String) });
    expect(gateway.started).toHaveLength(started);
    expect(await streamOf(userId)).toEqual(['CheckoutStarted']);
  });
});
