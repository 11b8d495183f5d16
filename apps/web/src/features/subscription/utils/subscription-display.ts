import type { PlanTypeValue, SubscriptionStatusValue } from '@jokes/contracts';

const STATUS_LABELS: Record<SubscriptionStatusValue, string> = {
  incomplete: 'Incomplete',
  trialing: 'Trialing',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
};

const STATUS_COLORS: Record<SubscriptionStatusValue, string> = {
  incomplete: 'default',
  trialing: 'blue',
  active: 'green',
  past_due: 'orange',
  canceled: 'red',
};

export const statusLabel = (status: SubscriptionStatusValue | null): string => (status ? STATUS_LABELS[status] : 'None');
export const statusColor = (status: SubscriptionStatusValue | null): string => (status ? STATUS_COLORS[status] : 'default');
export const planLabel = (plan: PlanTypeValue | null): string => (plan === 'yearly' ? 'Yearly' : plan === 'monthly' ? 'Monthly' : '—');

/** A date for people: 'March 4, 2026'; '—' when there is none. */
export function formatDate(iso: string | null, locale?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' });
}
