import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { JokeCardSize } from '@jokes/contracts';
import { CardCache, type CardJoke } from './card-cache.js';

const joke: CardJoke = { content: 'A joke.', comedianStyle: 'Ali Wong' };
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A cache over a fresh folder whose renderer makes `bytes`-byte cards and says when it starts and ends. */
function aCache(maxBytes: number, bytes = 100) {
  const dir = mkdtempSync(join(tmpdir(), 'card-cache-'));
  dirs.push(dir);
  const log: string[] = [];
  const render = async (_joke: CardJoke, size: JokeCardSize) => {
    log.push(`start ${size}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    log.push(`end ${size}`);
    return Buffer.alloc(bytes, size === '1200x630' ? 1 : 2);
  };
  return { cache: new CardCache(dir, maxBytes, render), dir, log };
}

describe('CardCache', () => {
  it('draws a card once however many ask at the same time, then reads it from its file', async () => {
    const { cache, dir } = aCache(10_000);
    const cards = await Promise.all(Array.from({ length: 10 }, () => cache.card(id(1), '1200x630', joke)));
    expect(new Set(cards.map((card) => card.toString('hex'))).size).toBe(1);
    await cache.card(id(1), '1200x630', joke);
    expect(cache.renders).toBe(1);
    expect(readdirSync(dir)).toEqual([`${id(1)}-1200x630-v1.png`]);
  });

  it('draws one card at a time, so a burst of new cards queues instead of taking every core', async () => {
    const { cache, log } = aCache(10_000);
    await Promise.all([cache.card(id(1), '1200x630', joke), cache.card(id(1), '1080x1080', joke), cache.card(id(2), '1200x630', joke)]);
    expect(log).toEqual(['start 1200x630', 'end 1200x630', 'start 1080x1080', 'end 1080x1080', 'start 1200x630', 'end 1200x630']);
  });

  it('keeps its files under the bound, the least recently used going first', async () => {
    const { cache, dir } = aCache(300);
    for (const n of [1, 2, 3]) await cache.card(id(n), '1200x630', joke);
    await cache.card(id(1), '1200x630', joke); // 1 is used again: 2 is now the oldest
    await cache.card(id(4), '1200x630', joke);
    expect(cache.size).toBeLessThanOrEqual(300);
    expect(readdirSync(dir).sort()).toEqual([1, 3, 4].map((n) => `${id(n)}-1200x630-v1.png`));
  });

  it('forgets both sizes of a joke taken down, and finds what an earlier run left (not its half-written files)', async () => {
    const { cache, dir } = aCache(10_000);
    await cache.card(id(1), '1200x630', joke);
    await cache.card(id(1), '1080x1080', joke);
    await cache.card(id(2), '1200x630', joke);
    await cache.forget(id(1));
    expect(readdirSync(dir)).toEqual([`${id(2)}-1200x630-v1.png`]);

    writeFileSync(join(dir, '.partial-left-over'), 'x');
    const restarted = new CardCache(dir, 10_000, () => Promise.reject(new Error('should not draw')));
    expect((await restarted.card(id(2), '1200x630', joke)).length).toBe(100);
    expect(restarted.size).toBe(100);
    expect(readdirSync(dir)).toEqual([`${id(2)}-1200x630-v1.png`]);
  });
});
