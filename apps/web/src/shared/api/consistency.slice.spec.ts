import { describe, expect, it } from '@jest/globals';
import { consistencySlice, isLaterPosition, positionObserved } from './consistency.slice';

const reduce = (positions: string[]) =>
  positions.reduce((state, position) => consistencySlice.reducer(state, positionObserved(position)), consistencySlice.getInitialState());

describe('read-your-writes position', () => {
  it('orders positions by transaction, then by global position', () => {
    expect(isLaterPosition('10.5', '9.99')).toBe(true);
    expect(isLaterPosition('10.6', '10.5')).toBe(true);
    expect(isLaterPosition('10.5', '10.5')).toBe(false);
    expect(isLaterPosition('9.100', '10.1')).toBe(false);
  });

  it('compares numerically, beyond the safe integer range', () => {
    expect(isLaterPosition('90071992547409930.1', '90071992547409929.1')).toBe(true);
  });

  it('keeps the latest write even when an older one resolves last', () => {
    expect(reduce(['12.40', '12.41', '11.90']).position).toBe('12.41');
  });
});
