import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideSubscription, DomainError, evolveSubscription, type SubscriptionCommand, type SubscriptionEvent } from '@jokes/domain';
import type { EventMetadata } from '@jokes/event-store';
import { log } from '@jokes/server';
import type Stripe from 'stripe';
import { uuidV5 } from '../deterministic-id.js';
import { BillingGateway } from '../gateway/billing-gateway.js';
import { SubscriptionStreams, type LoadedSubscription } from '../subscription-streams.js';
import { HandleStripeWebhookCommand, type WebhookOutcome } from './handle-webhook.command.js';
import { routeWebhook } from './webhook-commands.js';

/**
 * Verifies the signature on the raw body, then turns the provider's event into
 * the decider's commands on the user's stream. A delivery already applied
 * (its id is in the stream's metadata) appends nothing; a command the state
 * refuses (an old subscription, a fact already known) is skipped.
 */
@CommandHandler(HandleStripeWebhookCommand)
export class HandleStripeWebhookHandler implements ICommandHandler<HandleStripeWebhookCommand, WebhookOutcome> {
  constructor(
    @Inject(BillingGateway) private readonly gateway: BillingGateway,
    @Inject(SubscriptionStreams) private readonly streams: SubscriptionStreams,
  ) {}

  async execute({ rawBody, signature, correlationId }: HandleStripeWebhookCommand): Promise<WebhookOutcome> {
    const event = this.gateway.verifyWebhook(rawBody, signature);
    const route = routeWebhook(event);
    if (route.kind === 'ignore') return { received: true, appended: 0, position: null };

    const result = await this.streams.execute(
      route.userId,
      (loaded) =>
        alreadyApplied(loaded, event.id) || supersededSnapshot(loaded, event) ? [] : decideAll(route.commandsFor(loaded.state), loaded, route.at, event),
      causeOf(event, correlationId),
      (index) => uuidV5(`${event.id}/${index}`),
    );
    return { received: true, appended: result.appended, position: result.position };
  }
}

function alreadyApplied(loaded: LoadedSubscription, webhookEventId: string): boolean {
  return loaded.events.some((stored) => stored.metadata.webhookEventId === webhookEventId);
}

/**
 * Stripe does not deliver in order. A `customer.subscription.*` payload is a
 * snapshot of the whole subscription, so one older than a snapshot already
 * applied would undo newer facts (a cancellation, a plan switch): skip it.
 */
function supersededSnapshot(loaded: LoadedSubscription, event: Stripe.Event): boolean {
  if (!isSnapshot(event.type)) return false;
  return loaded.events.some(
    (stored) => isSnapshot(String(stored.metadata.webhookEventType ?? '')) && Number(stored.metadata.webhookEventCreated ?? 0) > event.created,
  );
}

const isSnapshot = (type: string): boolean => type.startsWith('customer.subscription.');

function decideAll(commands: SubscriptionCommand[], loaded: LoadedSubscription, now: Date, event: Stripe.Event): SubscriptionEvent[] {
  let state = loaded.state;
  const decided: SubscriptionEvent[] = [];
  for (const command of commands) {
    try {
      const events = decideSubscription(command, state, { now });
      decided.push(...events);
      state = events.reduce(evolveSubscription, state);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      log('info', 'webhook command not applicable', { webhookEventId: event.id, type: event.type, command: command.type, reason: error.message });
    }
  }
  return decided;
}

/**
 * Who caused it: Stripe marks automatic events (renewals, retries, trial ends:
 * the billing clock) with a null request id; others came from a request at
 * the provider, such as its billing portal or Stripe.js.
 */
function causeOf(event: Stripe.Event, correlationId: string | undefined): EventMetadata {
  const requestId = event.request?.id ?? null;
  return {
    correlationId: correlationId || event.id,
    causationId: event.id,
    actor: requestId ? 'billing-provider' : 'billing-clock',
    webhookEventId: event.id,
    webhookEventType: event.type,
    webhookEventCreated: event.created,
    providerRequestId: requestId,
  };
}
