import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { aSubscriptionHistory } from '../../../testing/support';
import { SubscriptionTimeline } from './SubscriptionTimeline';

const USER = 'user-1';

function entries() {
  render(<SubscriptionTimeline history={aSubscriptionHistory(USER)} />);
  return screen.getAllByRole('article');
}

const fact = (article: HTMLElement, term: string) =>
  [...article.querySelectorAll('dt')].find((dt) => dt.textContent === term)?.nextElementSibling?.textContent;

describe('subscription timeline (support audit)', () => {
  it('shows every event, in order, with its summary', () => {
    expect(entries().map((article) => article.querySelector('strong')?.textContent)).toEqual([
      'Checkout started: monthly at $4.99, free trial once a card is saved',
      'Card saved; free trial until 2026-03-04',
      'Subscription ended: trial ended without a payment method',
    ]);
  });

  it('gives each event its time, in UTC, and when it was recorded if later', () => {
    const [checkout, trial] = entries();
    expect(fact(checkout!, 'When')).toBe('2026-03-01 12:00:00 UTC');
    expect(fact(trial!, 'When')).toBe('2026-03-01 12:00:05 UTC (recorded 2026-03-01 12:00:06 UTC)');
  });

  it('names the cause: the user, a webhook event, the billing clock', () => {
    const [checkout, trial, ended] = entries();
    expect(fact(checkout!, 'Cause')).toBe('The user');
    expect(fact(trial!, 'Cause')).toBe('Payment provider (its portal or checkout), via webhook evt_abc (customer.subscription.updated)');
    expect(fact(ended!, 'Cause')).toBe('Billing clock (automatic), via webhook evt_def (customer.subscription.deleted)');
  });

  it('shows the status each event left the subscription in', () => {
    expect(entries().map((article) => fact(article, 'Status after'))).toEqual(['incomplete', 'trialing', 'canceled']);
    expect(fact(entries()[1]!, 'Event')).toBe('TrialStarted #2 on sub_123');
  });

  it('shows whose history it is and the status now', () => {
    render(<SubscriptionTimeline history={aSubscriptionHistory(USER)} />);
    const summary = screen.getByRole('region', { name: 'Subscription history' });
    expect(within(summary).getByText(USER)).toBeTruthy();
    expect(within(summary).getAllByText('canceled').length).toBeGreaterThan(0);
  });

  it('says so when the user has no subscription events', () => {
    render(<SubscriptionTimeline history={{ user_id: USER, status: null, timeline: [] }} />);
    expect(screen.getByText('No subscription events for this user.')).toBeTruthy();
    expect(screen.getByText('No subscription')).toBeTruthy();
  });
});
