import { describe, expect, it } from '@jest/globals';
import { checkCard } from './test-cards.js';

const now = new Date('2026-03-10T12:00:00.000Z');
const card = (number: string, expiry = '12/30', cvc = '123') => checkCard({ number, expiry, cvc }, now);

describe('test cards', () => {
  it('saves and charges 4242 4242 4242 4242', () => {
    expect(card('4242 4242 4242 4242')).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, setup: 'succeed', charges: 'succeed' });
  });

  it('declines 4000 0000 0000 0002 with card_declined', () => {
    expect(card('4000000000000002')).toMatchObject({ setup: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } });
  });

  it('declines 4000 0000 0000 9995 for insufficient funds', () => {
    expect(card('4000 0000 0000 9995')).toMatchObject({ setup: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } });
  });

  it('saves 4000 0000 0000 0341 but declines every later charge', () => {
    expect(card('4000000000000341')).toMatchObject({ setup: 'succeed', charges: 'decline' });
  });

  it('refuses a real card number as Stripe test mode does', () => {
    expect(card('4111 1111 1111 1111')).toMatchObject({ setup: { code: 'card_declined', decline_code: 'test_mode_live_card' } });
  });
});

describe('card form validation', () => {
  it('refuses a number that fails the Luhn check', () => {
    expect(card('4242 4242 4242 4241')).toEqual(expect.objectContaining({ code: 'invalid_number', param: 'number' }));
  });

  it('refuses an incomplete number', () => {
    expect(card('4242 4242')).toEqual(expect.objectContaining({ code: 'incomplete_number' }));
  });

  it.each([
    ['13/30', 'invalid_expiry_month'],
    ['02/26', 'invalid_expiry_month_past'],
    ['12/25', 'invalid_expiry_year_past'],
    ['1230', 'incomplete_expiry'],
  ])('refuses the expiry %s with %s', (expiry, code) => {
    expect(card('4242424242424242', expiry)).toEqual(expect.objectContaining({ code }));
  });

  it('accepts the current month, which the card is good through', () => {
    expect(card('4242424242424242', '03/26')).toMatchObject({ setup: 'succeed' });
  });

  it('wants three CVC digits, four for American Express', () => {
    expect(card('4242424242424242', '12/30', '12')).toEqual(expect.objectContaining({ code: 'incomplete_cvc' }));
    expect(card('378282246310005', '12/30', '123')).toEqual(expect.objectContaining({ code: 'incomplete_cvc' }));
  });
});
