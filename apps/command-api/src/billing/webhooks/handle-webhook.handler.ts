import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { subscriptionStreamId } from '@jokes/domain';
import { EVENT_STORE, eventMetadata, formatCursor, handleCommand, type EventMetadata, type EventStore } from '@jokes/event-store';
import { log } from '@jokes/server';
import type Stripe from 'stripe';
import { uuidV5 } from '../deterministic-id.js';
import { BillingGateway } from '../gateway/billing-gateway.js';
import { HandleStripeWebhookCommand, type WebhookOutcome } from './handle-webhook.command.js';
import { routeWebhook } from './webhook-commands.js';
import { webhookDecider } from './webhook.decider.js';

/** Concurrent webhooks for one user are rare; a few retries settle them. */
const RETRIES = 4;

/**
 * Verifies the signature on the raw body, then applies the provider's event
 * to the user's stream through the webhook decider: a delivery already applied
 * (its id is in the stream's metadata) appends nothing; a command the state
 * refuses (an old subscription, a fact already known) is skipped.
 */
@CommandHandler(HandleStripeWebhookCommand)
export class HandleStripeWebhookHandler implements ICommandHandler<HandleStripeWebhookCommand, WebhookOutcome> {
  constructor(
    @Inject(BillingGateway) private readonly gateway: BillingGateway,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ rawBody, signature, correlationId }: HandleStripeWebhookCommand): Promise<WebhookOutcome> {
    const event = this.gateway.verifyWebhook(rawBody, signature);
    const route = routeWebhook(event);
    if (route.kind === 'ignore') return { received: true, appended: 0, position: null };

    const result = await handleCommand(
      this.store,
      subscriptionStreamId(route.userId),
      webhookDecider,
      { type: 'ApplyWebhook', data: { webhookEventId: event.id, webhookEventType: event.type, created: event.created, commandsFor: route.commandsFor } },
      {
        context: {
          now: route.at,
          refused: (command, error) =>
            log('info', 'webhook command not applicable', { webhookEventId: event.id, type: event.type, command: command.type, reason: error.message }),
        },
        metadata: causeOf(event, route.at, correlationId),
        // Derived from the provider's event id: a redelivery that slips past the decider still writes once.
        eventIds: (index) => uuidV5(`${event.id}/${index}`),
        retries: RETRIES,
      },
    );
    return { received: true, appended: result.duplicate ? 0 : result.newEvents.length, position: result.position && formatCursor(result.position) };
  }
}

/**
 * Who caused it: Stripe marks automatic events (renewals, retries, trial ends:
 * the billing clock) with a null request id; others came from a request at
 * the provider, such as its billing portal or Stripe.js.
 */
function causeOf(event: Stripe.Event, at: Date, correlationId: string | undefined): EventMetadata {
  const requestId = event.request?.id ?? null;
  return eventMetadata(
    { correlationId: correlationId || event.id, causationId: event.id, actor: requestId ? 'billing-provider' : 'billing-clock', time: at, command: 'ApplyWebhook' },
    { webhookEventId: event.id, webhookEventType: event.type, webhookEventCreated: event.created, providerRequestId: requestId },
  );
}
