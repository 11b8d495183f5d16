import { describe, expect, it } from '@jest/globals';
import { firstOf, NextBatch } from './next-batch.js';

describe('NextBatch', () => {
  it('sends what arrived in one turn together, and what arrives while that batch is in flight in the next, one batch at a time', async () => {
    const sent: number[][] = [];
    let inFlight = 0;
    let most = 0;
    let release: () => void = () => undefined;
    const queue = new NextBatch<number, number[]>(firstOf(10), async (batch) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      sent.push(batch);
      if (sent.length === 1) await new Promise<void>((resolve) => (release = resolve));
      inFlight -= 1;
    });
    [1, 2, 3].forEach((item) => queue.add(item));
    await new Promise((resolve) => setImmediate(resolve));
    [4, 5].forEach((item) => queue.add(item));
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([[1, 2, 3]]);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toEqual([[1, 2, 3], [4, 5]]);
    expect(most).toBe(1);
  });

  it('leaves what a batch does not take for the next', async () => {
    const sent: number[][] = [];
    const queue = new NextBatch<number, number[]>(firstOf(2), async (batch) => void sent.push(batch));
    [1, 2, 3, 4, 5].forEach((item) => queue.add(item));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toEqual([[1, 2], [3, 4], [5]]);
  });
});
