import type { CardErrorDetail } from './objects.js';

/**
 * Stripe's documented test cards (https://docs.stripe.com/testing) and what
 * each does: `setup` when the card is saved, `charges` when it is charged later.
 */
interface TestCard {
  setup: 'succeed' | CardErrorDetail;
  charges: 'succeed' | 'decline';
  funding: 'credit' | 'debit';
  outcome: string;
}

const declined = (decline_code: string, message: string): CardErrorDetail => ({ type: 'card_error', code: 'card_declined', decline_code, message });

const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { setup: 'succeed', charges: 'succeed', funding: 'credit', outcome: 'Succeeds' },
  '4000056655665556': { setup: 'succeed', charges: 'succeed', funding: 'debit', outcome: 'Succeeds (Visa debit)' },
  '5555555555554444': { setup: 'succeed', charges: 'succeed', funding: 'credit', outcome: 'Succeeds (Mastercard)' },
  '4000000000000002': { setup: declined('generic_decline', 'Your card was declined.'), charges: 'decline', funding: 'credit', outcome: 'Declined (card_declined)' },
  '4000000000009995': {
    setup: declined('insufficient_funds', 'Your card has insufficient funds.'),
    charges: 'decline',
    funding: 'credit',
    outcome: 'Declined (insufficient_funds)',
  },
  '4000000000000341': { setup: 'succeed', charges: 'decline', funding: 'credit', outcome: 'Saves, then every charge is declined' },
  '4000000000000069': { setup: { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' }, charges: 'decline', funding: 'credit', outcome: 'Declined (expired_card)' },
};

export const TEST_CARD_LIST = Object.entries(TEST_CARDS).map(([number, card]) => ({ number: number.replace(/(\d{4})(?=\d)/g, '$1 '), outcome: card.outcome }));

/** What a charge of a saved card answers. */
export const CHARGE_DECLINED: CardErrorDetail = declined('generic_decline', 'Your card was declined.');

export interface CardInput {
  number: string;
  /** MM/YY (MM/YYYY accepted). */
  expiry: string;
  cvc: string;
}

export interface CheckedCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  funding: 'credit' | 'debit';
  setup: 'succeed' | CardErrorDetail;
  charges: 'succeed' | 'decline';
}

const invalid = (code: string, param: string, message: string): CardErrorDetail => ({ type: 'card_error', code, param, message });

/** Validates what a card form sent the way Stripe does, then looks the card up. */
export function checkCard(input: CardInput, now: Date): CheckedCard | CardErrorDetail {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(number)) return invalid('invalid_number', 'number', 'Your card number is invalid.');
  if (number.length < 12) return invalid('incomplete_number', 'number', 'Your card number is incomplete.');
  if (number.length > 19 || !passesLuhn(number)) return invalid('invalid_number', 'number', 'Your card number is invalid.');

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  if (!expiry) return invalid('incomplete_expiry', 'exp_month', "Your card's expiration date is incomplete.");
  const month = Number(expiry[1]);
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (month < 1 || month > 12) return invalid('invalid_expiry_month', 'exp_month', "Your card's expiration month is invalid.");
  if (year < now.getUTCFullYear()) return invalid('invalid_expiry_year_past', 'exp_year', "Your card's expiration year is in the past.");
  // A card is good through the last day of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime()) return invalid('invalid_expiry_month_past', 'exp_month', "Your card's expiration date is in the past.");

  const brand = brandOf(number);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim())) return invalid('incomplete_cvc', 'cvc', "Your card's security code is incomplete.");

  const known = TEST_CARDS[number];
  const card = { brand, last4: number.slice(-4), exp_month: month, exp_year: year };
  if (!known) {
    // Like Stripe's test mode: real card numbers are refused.
    const message = 'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.';
    return { ...card, funding: 'credit', setup: declined('test_mode_live_card', message), charges: 'decline' };
  }
  return { ...card, funding: known.funding, setup: known.setup, charges: known.charges };
}

export function isCardError(value: CheckedCard | CardErrorDetail): value is CardErrorDetail {
  return 'type' in value;
}

function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}
