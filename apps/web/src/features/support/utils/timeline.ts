import type { SubscriptionStatusValue, TimelineEntry } from '@jokes/contracts';

/** What one lookup asks for: an e-mail (it has an @) or a user id. */
export type UserLookup = { by: 'email'; email: string } | { by: 'id'; userId: string };

export function parseLookup(input: string): UserLookup | null {
  const value = input.trim();
  if (value === '') return null;
  return value.includes('@') ? { by: 'email', email: value } : { by: 'id', userId: value };
}

/** Who or what caused a step, in words (README 'Billing': actor, webhook, billing clock). */
export function describeCause(cause: TimelineEntry['cause'], subjectUserId: string): string {
  const who =
    cause.actor === 'billing-clock'
      ? 'Billing clock (automatic)'
      : cause.actor === 'billing-provider'
        ? 'Payment provider (its portal or checkout)'
        : cause.actor === subjectUserId
          ? 'The user'
          : `User ${cause.actor}`;
  return cause.webhook_event_id === null
    ? who
    : `${who}, via webhook ${cause.webhook_event_id}${cause.webhook_event_type ? ` (${cause.webhook_event_type})` : ''}`;
}

const STATUS_COLORS: Record<SubscriptionStatusValue, string> = {
  incomplete: 'gray',
  trialing: 'blue',
  active: 'green',
  past_due: 'orange',
  canceled: 'red',
};

export const timelineColor = (status: SubscriptionStatusValue): string => STATUS_COLORS[status];

/** '2026-03-04 12:00:05 UTC': support compares times with provider dashboards, which speak UTC. */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
