import { Inject, Injectable } from '@nestjs/common';
import { subscriptionStreamId } from '@jokes/domain';
import { EVENT_STORE, runCommand, type EventStore } from '@jokes/event-store';
import { log } from '@jokes/server';
import { uuidV5 } from '../deterministic-id.js';
import { BillingGateway } from '../gateway/billing-gateway.js';
import { routeWebhook } from './webhook-commands.js';
import { webhookDecider } from './webhook.decider.js';

/** Concurrent webhooks for one user are rare; a few retries settle them. */
const RETRIES = 4;

export interface WebhookOutcome {
  received: true;
  appended: number;
  position: string | null;
}

/**
 * Verifies the signature on the raw body, then applies the provider's event
 * to the user's stream through the webhook decider and runCommand: a delivery
 * already applied (its id is in the stream's metadata) appends nothing; a
 * command the state refuses (an old subscription, a fact already known) is skipped.
 */
@Injectable()
export class HandleStripeWebhookHandler {
  constructor(
    @Inject(BillingGateway) private readonly gateway: BillingGateway,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute(rawBody: Buffer, signature: string | undefined, correlationId: string | undefined): Promise<WebhookOutcome> {
    const event = this.gateway.verifyWebhook(rawBody, signature);
    const route = routeWebhook(event);
    if (route.kind === 'ignore') return { received: true, appended: 0, position: null };

    // Stripe marks automatic events (renewals, retries, trial ends: the billing clock) with a null request id;
    // others came from a request at the provider, such as its billing portal or Stripe.js.
    const requestId = event.request?.id ?? null;
    const result = await runCommand(
      this.store,
      webhookDecider,
      subscriptionStreamId(route.userId),
      { type: 'ApplyWebhook', data: { webhookEventId: event.id, webhookEventType: event.type, created: event.created, commandsFor: route.commandsFor } },
      {
        actor: requestId ? 'billing-provider' : 'billing-clock',
        origin: { correlationId: correlationId || event.id },
        causationId: event.id,
        extraMetadata: { webhookEventId: event.id, webhookEventType: event.type, webhookEventCreated: event.created, providerRequestId: requestId },
        context: {
          now: route.at,
          refused: (command, error) =>
            log('info', 'webhook command not applicable', { webhookEventId: event.id, type: event.type, command: command.type, reason: error.message }),
        },
        // Derived from the provider's event id: a redelivery that slips past the decider still writes once.
        eventIds: (index) => uuidV5(`${event.id}/${index}`),
        retries: RETRIES,
      },
    );
    return { received: true, appended: result.duplicate ? 0 : result.newEvents.length, position: result.answer };
  }
}
