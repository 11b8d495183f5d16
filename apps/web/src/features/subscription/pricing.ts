import { PLAN_PRICES, TRIAL_DAYS } from '@jokes/domain';

/** '$4.99' for 499 cents. */
export const dollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

const { monthly, yearly } = PLAN_PRICES;

/**
 * SPEC 9 prices as the pages show them, worked out from the domain's plan
 * table (the one the server charges by): $4.99, $29.99, $2.49/month, 50%.
 */
export const pricing = {
  monthly: dollars(monthly.amount),
  yearly: dollars(yearly.amount),
  // Rounded down, as prices are: 2999 / 12 = 249.9 cents reads $2.49.
  yearlyPerMonth: dollars(Math.floor(yearly.amount / 12)),
  yearlySaving: `${Math.round((1 - yearly.amount / (monthly.amount * 12)) * 100)}%`,
  trialDays: TRIAL_DAYS,
} as const;

/** SPEC 2 'Subscription prompt': what Pro unlocks, in the prompt's order. */
export const PRO_FEATURES = [
  'Voice narration of your jokes',
  'Custom voice settings',
  'All comedian styles',
  'Joke history',
  'Advanced options: every joke length',
] as const;
