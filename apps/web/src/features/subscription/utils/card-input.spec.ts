import { describe, expect, it } from '@jest/globals';
import {
  CARD_MESSAGES,
  cardNumberProblem,
  cvcProblem,
  expiryProblem,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  passesLuhn,
} from './card-input';

const NOW = new Date('2026-03-15T12:00:00Z');

describe('card number', () => {
  it('is grouped in fours as typed, digits only, cut at 16', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a')).toBe('4242 42');
    expect(formatCardNumber('4242 4242 4242 4242 99')).toBe('4242 4242 4242 4242');
  });

  it('is grouped 4-6-5 for American Express, cut at 15', () => {
    expect(formatCardNumber('378282246310005999')).toBe('3782 822463 10005');
  });

  it('is incomplete while short, invalid when the checksum fails, fine otherwise', () => {
    expect(cardNumberProblem('4242 4242')).toEqual({ kind: 'incomplete', message: CARD_MESSAGES.numberIncomplete });
    expect(cardNumberProblem('4242 4242 4242 4241')).toEqual({ kind: 'invalid', message: 'Your card number is invalid.' });
    expect(cardNumberProblem('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberProblem('4000 0000 0000 0002')).toBeNull();
  });

  it('checks the Luhn sum', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});

describe('expiry date (MM/YY)', () => {
  it('gets its slash as typed, and a lone month digit above 1 its zero', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/345')).toBe('12/34');
    expect(formatExpiry('4')).toBe('04');
  });

  it('is incomplete while short and invalid with a month past 12', () => {
    expect(expiryProblem('12/3', NOW)).toEqual({ kind: 'incomplete', message: CARD_MESSAGES.expiryIncomplete });
    expect(expiryProblem('13', NOW)).toEqual({ kind: 'invalid', message: CARD_MESSAGES.expiryMonthInvalid });
    expect(expiryProblem('00/30', NOW)?.kind).toBe('invalid');
  });

  it('is valid through the end of its month, in the past after it', () => {
    expect(expiryProblem('03/26', NOW)).toBeNull();
    expect(expiryProblem('02/26', NOW)).toEqual({ kind: 'invalid', message: "Your card's expiration date is in the past." });
    expect(expiryProblem('12/25', NOW)?.message).toBe(CARD_MESSAGES.expiryPast);
  });

  it('takes a year more than 50 years ahead for a typo', () => {
    expect(expiryProblem('12/99', NOW)).toEqual({ kind: 'invalid', message: CARD_MESSAGES.expiryYearInvalid });
  });
});

describe('CVC', () => {
  it('is three digits, four for American Express', () => {
    expect(formatCvc('12a34', '4242 4242 4242 4242')).toBe('123');
    expect(formatCvc('12345', '3782 822463 10005')).toBe('1234');
    expect(cvcProblem('12', '4242')).toEqual({ kind: 'incomplete', message: "Your card's security code is incomplete." });
    expect(cvcProblem('123', '4242')).toBeNull();
    expect(cvcProblem('123', '3782 822463 10005')?.kind).toBe('incomplete');
  });
});
