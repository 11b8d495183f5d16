import { describe, expect, it } from '@jest/globals';
import { windowAfter } from './projector.js';

describe('the wait after a batch', () => {
  it('is one window after a batch of a few events, so a reader waits no longer than before', () => {
    expect(windowAfter(1, 10)).toBe(10);
    expect(windowAfter(16, 10)).toBe(10);
  });

  it('grows by a window for each further 16 events of a busy batch', () => {
    expect(windowAfter(17, 10)).toBe(20);
    expect(windowAfter(33, 10)).toBe(30);
  });

  it('is never longer than four windows, however busy', () => {
    expect(windowAfter(49, 10)).toBe(40);
    expect(windowAfter(4_999, 10)).toBe(40);
  });
});
