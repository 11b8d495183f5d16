import { discountedAmount, normalizePromoCode, PROMOTIONS } from '@jokes/domain';
import { dollars } from '../pricing';

export interface PromoHighlight {
  code: string;
  percentOff: number;
}

/**
 * SPEC 5: the promo code is trimmed and optional; ROCKY17 in any casing is
 * highlighted as a discount. The server decides what the code is worth; the
 * domain's table only lets the page say so before sending.
 */
export function promoHighlight(input: string | undefined): PromoHighlight | null {
  const code = normalizePromoCode(input);
  const promotion = code === null ? undefined : PROMOTIONS[code];
  return code !== null && promotion ? { code, percentOff: promotion.percentOff } : null;
}

/** What the request carries: the trimmed code, or null for none. */
export function promoCodeToSend(input: string | undefined): string | null {
  const trimmed = input?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** '$4.14' for 499 cents with 17% off. */
export function discountedPrice(amountCents: number, percentOff: number): string {
  return dollars(discountedAmount(amountCents, percentOff));
}
