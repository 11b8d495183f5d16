/** SPEC section 9: $4.99 a month or $29.99 a year (shown as $2.49/month), after a 3-day trial. */
export const PLAN_TYPES = ['monthly', 'yearly'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export interface PlanPrice {
  /** Smallest currency unit (cents), as payment providers count. */
  amount: number;
  currency: 'usd';
  interval: 'month' | 'year';
}

export const PLAN_PRICES: Readonly<Record<PlanType, PlanPrice>> = {
  monthly: { amount: 499, currency: 'usd', interval: 'month' },
  yearly: { amount: 2999, currency: 'usd', interval: 'year' },
};

export const TRIAL_DAYS = 3;

/**
 * Promo codes the product hands out. ROCKY17 (SPEC section 5) takes 17% off
 * every payment for as long as the subscription lasts: the number in the code
 * is the discount, which is what a reader of the code expects.
 */
export const PROMOTIONS: Readonly<Record<string, { percentOff: number; duration: 'forever' }>> = {
  ROCKY17: { percentOff: 17, duration: 'forever' },
};

/** Codes are trimmed and compared case-insensitively; an empty code is no code. */
export function normalizePromoCode(code: string | null | undefined): string | null {
  const trimmed = code?.trim().toUpperCase();
  return trimmed ? trimmed : null;
}

/** What a period costs after a percentage discount, rounded to the cent as the provider does. */
export function discountedAmount(amount: number, percentOff: number): number {
  return Math.round((amount * (100 - percentOff)) / 100);
}

export function planOfInterval(interval: string | null | undefined): PlanType | undefined {
  if (interval === 'month') return 'monthly';
  if (interval === 'year') return 'yearly';
  return undefined;
}
