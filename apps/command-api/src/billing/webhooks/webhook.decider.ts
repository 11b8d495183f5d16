import { DomainError, subscriptionDecider, type SubscriptionCommand, type SubscriptionEvent, type SubscriptionState } from '@jokes/domain';
import type { Decider } from '@jokes/event-store';

/**
 * One provider event to apply to `subscription-{userId}`: its identity, and
 * the subscription commands it means on a given state (see routeWebhook).
 */
export type ApplyWebhook = {
  type: 'ApplyWebhook';
  data: {
    webhookEventId: string;
    webhookEventType: string;
    /** The provider's `created`, in seconds. */
    created: number;
    commandsFor: (state: SubscriptionState) => SubscriptionCommand[];
  };
};

export interface ApplyWebhookContext {
  /** When the event happened at the provider. */
  now: Date;
  /** Told of each command the state refuses (an old subscription, a fact already known): it is skipped. */
  refused: (command: SubscriptionCommand, error: DomainError) => void;
}

/** The subscription, and what the stream's metadata says about the deliveries already applied. */
export interface WebhookState {
  subscription: SubscriptionState;
  /** `webhookEventId` of every event appended by a delivery. */
  appliedWebhookIds: ReadonlySet<string>;
  /** `webhookEventCreated` of the newest subscription snapshot applied; 0 before any. */
  newestSnapshotCreated: number;
}

/** `customer.subscription.*` payloads are snapshots of the whole subscription. */
const isSnapshot = (type: unknown): boolean => typeof type === 'string' && type.startsWith('customer.subscription.');

/**
 * The webhook path's rules around the subscription decider. A delivery
 * already applied appends nothing. Stripe does not deliver in order, and a
 * snapshot older than one already applied would undo newer facts (a
 * cancellation, a plan switch), so it is skipped too. The commands a delivery
 * means are decided one after the other; one the state refuses is skipped.
 */
export const webhookDecider: Decider<ApplyWebhook, SubscriptionEvent, WebhookState, ApplyWebhookContext> = {
  initialState: () => ({ subscription: subscriptionDecider.initialState(), appliedWebhookIds: new Set(), newestSnapshotCreated: 0 }),

  decide({ data }, state, { now, refused }) {
    if (state.appliedWebhookIds.has(data.webhookEventId)) return [];
    if (isSnapshot(data.webhookEventType) && state.newestSnapshotCreated > data.created) return [];
    let subscription = state.subscription;
    const decided: SubscriptionEvent[] = [];
    for (const command of data.commandsFor(subscription)) {
      try {
        const events = subscriptionDecider.decide(command, subscription, { now });
        decided.push(...events);
        subscription = events.reduce(subscriptionDecider.evolve, subscription);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        refused(command, error);
      }
    }
    return decided;
  },

  evolve(state, event) {
    const { webhookEventId, webhookEventType, webhookEventCreated } = event.metadata;
    const applied = typeof webhookEventId === 'string' && !state.appliedWebhookIds.has(webhookEventId);
    return {
      subscription: subscriptionDecider.evolve(state.subscription, event),
      appliedWebhookIds: applied ? new Set([...state.appliedWebhookIds, webhookEventId]) : state.appliedWebhookIds,
      newestSnapshotCreated: isSnapshot(webhookEventType) ? Math.max(state.newestSnapshotCreated, Number(webhookEventCreated ?? 0)) : state.newestSnapshotCreated,
    };
  },
};
