/**
 * The local provider's card form (README 'Billing'): the checks and the
 * wording are Stripe's, so the form reads the same with either provider, and
 * the server repeats them (Luhn, expiry in the past, CVC length).
 *
 * A problem is `incomplete` while the user may still be typing, `invalid`
 * once no more typing can fix it; the form shows the first kind only when the
 * field is left or the form sent, the second at once.
 */
export interface CardFieldProblem {
  kind: 'incomplete' | 'invalid';
  message: string;
}

export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryYearInvalid: "Your card's expiration year is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

const digitsOf = (value: string): string => value.replace(/\D/g, '');

// American Express: 15 digits in 4-6-5 groups and a 4-digit security code.
const isAmex = (digits: string): boolean => /^3[47]/.test(digits);
const numberLength = (digits: string): number => (isAmex(digits) ? 15 : 16);
const cvcLength = (cardNumber: string): number => (isAmex(digitsOf(cardNumber)) ? 4 : 3);

/** '4242424242424242' or '4242-4242…' → '4242 4242 4242 4242', cut at the card's length. */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, numberLength(digitsOf(value)));
  const groups = isAmex(digits) ? [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)] : digits.match(/.{1,4}/g) ?? [];
  return groups.filter(Boolean).join(' ');
}

/** '1234' → '12/34'; a first digit above 1 is a month on its own ('4' → '04'). */
export function formatExpiry(value: string): string {
  let digits = digitsOf(value);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function formatCvc(value: string, cardNumber: string): string {
  return digitsOf(value).slice(0, cvcLength(cardNumber));
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function cardNumberProblem(value: string): CardFieldProblem | null {
  const digits = digitsOf(value);
  if (digits.length < numberLength(digits)) return { kind: 'incomplete', message: CARD_MESSAGES.numberIncomplete };
  return passesLuhn(digits) ? null : { kind: 'invalid', message: CARD_MESSAGES.numberInvalid };
}

/** MM/YY, valid through the last day of that month; years more than 50 ahead are a typo. */
export function expiryProblem(value: string, now: Date): CardFieldProblem | null {
  const digits = digitsOf(value);
  const month = Number(digits.slice(0, 2));
  if (digits.length >= 2 && (month < 1 || month > 12)) return { kind: 'invalid', message: CARD_MESSAGES.expiryMonthInvalid };
  if (digits.length < 4) return { kind: 'incomplete', message: CARD_MESSAGES.expiryIncomplete };
  const year = 2000 + Number(digits.slice(2, 4));
  const thisYear = now.getFullYear();
  if (year < thisYear || (year === thisYear && month < now.getMonth() + 1)) return { kind: 'invalid', message: CARD_MESSAGES.expiryPast };
  if (year > thisYear + 50) return { kind: 'invalid', message: CARD_MESSAGES.expiryYearInvalid };
  return null;
}

export function cvcProblem(value: string, cardNumber: string): CardFieldProblem | null {
  return digitsOf(value).length < cvcLength(cardNumber) ? { kind: 'incomplete', message: CARD_MESSAGES.cvcIncomplete } : null;
}
