import { describe, expect, it } from '@jest/globals';
import { discountedPrice, promoCodeToSend, promoHighlight } from './promo-code';

describe('promo code', () => {
  it('highlights ROCKY17 in any casing, with spaces around it, as 17% off', () => {
    for (const input of ['ROCKY17', 'rocky17', '  Rocky17 ']) expect(promoHighlight(input)).toEqual({ code: 'ROCKY17', percentOff: 17 });
  });

  it('highlights nothing else', () => {
    for (const input of [undefined, '', '   ', 'ROCKY18', 'ROCKY 17']) expect(promoHighlight(input)).toBeNull();
  });

  it('is sent trimmed, and as null when empty', () => {
    expect(promoCodeToSend('  rocky17 ')).toBe('rocky17');
    expect(promoCodeToSend('   ')).toBeNull();
    expect(promoCodeToSend(undefined)).toBeNull();
  });

  it('prices the plans with the discount as the provider rounds: $4.14 a month, $24.89 a year', () => {
    expect(discountedPrice(499, 17)).toBe('$4.14');
    expect(discountedPrice(2999, 17)).toBe('$24.89');
  });
});
