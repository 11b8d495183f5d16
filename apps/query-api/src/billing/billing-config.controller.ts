import { Controller } from '@nestjs/common';
import { getBillingConfig, type BillingConfig } from '@jokes/contracts';
import { PLAN_PRICES, TRIAL_DAYS } from '@jokes/domain';
import { ReadQuery } from '../reading/read-query.decorator.js';

// Stripe's documented test cards, as the local provider answers them.
const LOCAL_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'Succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'Declined (card_declined)' },
  { number: '4000 0000 0000 9995', outcome: 'Declined (insufficient_funds)' },
  { number: '4000 0000 0000 0341', outcome: 'Saves, then every charge is declined' },
];

/** What the subscribe page needs to start: which provider confirms the card, and the prices. */
@Controller()
export class BillingConfigController {
  private readonly config: BillingConfig = process.env.STRIPE_SECRET_KEY
    ? { provider: 'stripe', publishableKey: process.env.STRIPE_PUBLISHABLE_KEY || null, trialDays: TRIAL_DAYS, plans: { ...PLAN_PRICES }, testCards: [] }
    : { provider: 'local', publishableKey: null, trialDays: TRIAL_DAYS, plans: { ...PLAN_PRICES }, testCards: LOCAL_TEST_CARDS };

  @ReadQuery(getBillingConfig, { caller: 'anyone' })
  get(): BillingConfig {
    return this.config;
  }
}
