import { PLAN_PRICES, PROMOTIONS, type PlanType } from '@jokes/domain';
import type { LocalPrice } from './objects.js';

// What the local provider's "account" sells, seeded from the domain's prices
// so the page, the provider and the events agree. With Stripe, the same lookup
// keys (or STRIPE_PRICE_MONTHLY / STRIPE_PRICE_YEARLY) name the real prices.

export const PRODUCT_ID = 'prod_local_jokes_pro';
export const PRICE_LOOKUP_KEYS: Readonly<Record<PlanType, string>> = { monthly: 'jokes_pro_monthly', yearly: 'jokes_pro_yearly' };

const CATALOG_CREATED = 1_767_225_600; // 2026-01-01, fixed so prices look the same on every start.

export const LOCAL_PRICES: readonly LocalPrice[] = (Object.keys(PLAN_PRICES) as PlanType[]).map((plan) => ({
  id: `price_local_${plan}`,
  object: 'price',
  active: true,
  currency: PLAN_PRICES[plan].currency,
  unit_amount: PLAN_PRICES[plan].amount,
  lookup_key: PRICE_LOOKUP_KEYS[plan],
  product: PRODUCT_ID,
  type: 'recurring',
  recurring: { interval: PLAN_PRICES[plan].interval, interval_count: 1 },
  livemode: false,
  created: CATALOG_CREATED,
}));

export function findPrice(id: string): LocalPrice | undefined {
  return LOCAL_PRICES.find((price) => price.id === id);
}

export const LOCAL_PROMOTION_CODES = Object.entries(PROMOTIONS).map(([code, promotion]) => {
  const coupon = {
    id: `coupon_local_${code.toLowerCase()}`,
    object: 'coupon' as const,
    percent_off: promotion.percentOff,
    amount_off: null,
    currency: null,
    duration: promotion.duration,
    duration_in_months: null,
    name: `${code}: ${promotion.percentOff}% off`,
    valid: true,
    livemode: false,
    created: CATALOG_CREATED,
  };
  return {
    id: `promo_local_${code.toLowerCase()}`,
    object: 'promotion_code' as const,
    active: true,
    code,
    promotion: { type: 'coupon' as const, coupon },
    customer: null,
    expires_at: null,
    max_redemptions: null,
    times_redeemed: 0,
    metadata: {},
    livemode: false,
    created: CATALOG_CREATED,
  };
});

export type LocalPromotionCode = (typeof LOCAL_PROMOTION_CODES)[number];

/** Stripe matches promotion codes case-insensitively. */
export function findPromotionCode(query: { id?: string; code?: string }): LocalPromotionCode | undefined {
  return LOCAL_PROMOTION_CODES.find((promo) =>
    query.id ? promo.id === query.id : promo.code.toUpperCase() === query.code?.trim().toUpperCase(),
  );
}
