import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { AudioStore } from './audio-store.js';

const hash = (digit: string) => digit.repeat(64);
const bytes = (size: number, fill = 1) => new Uint8Array(size).fill(fill);

describe('AudioStore', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'audio-store-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('keeps audio under its hash and finds it again', async () => {
    const store = new AudioStore(dir, 1_000);
    const stored = await store.put(hash('a'), 'mp3', bytes(10));
    expect(stored).toMatchObject({ name: `${hash('a')}.mp3`, size: 10, contentType: 'audio/mpeg' });
    expect(await store.find(hash('a'))).toMatchObject({ name: `${hash('a')}.mp3`, size: 10 });
    expect(await readFile(stored.path)).toEqual(Buffer.from(bytes(10)));
    expect(await store.find(hash('b'))).toBeUndefined();
  });

  it('opens only names of its own form', async () => {
    const store = new AudioStore(dir, 1_000);
    await store.put(hash('a'), 'mp3', bytes(10));
    expect(await store.open(`${hash('a')}.mp3`)).toBeDefined();
    for (const name of ['../secret.mp3', `${hash('a')}.wav`, `${hash('A')}.mp3`, 'x.mp3']) expect(await store.open(name)).toBeUndefined();
  });

  it('evicts the least recently used files once the total passes the bound, keeping the newest', async () => {
    const store = new AudioStore(dir, 25);
    await store.put(hash('a'), 'mp3', bytes(10));
    await store.put(hash('b'), 'mp3', bytes(10));
    // a is used again, so b is now the least recently used.
    await store.open(`${hash('a')}.mp3`);
    await store.put(hash('c'), 'mp3', bytes(10));
    expect(await store.find(hash('b'))).toBeUndefined();
    expect(await store.find(hash('a'))).toBeDefined();
    expect(await store.find(hash('c'))).toBeDefined();
    expect(store.size).toBe(20);
    expect((await readdir(dir)).sort()).toEqual([`${hash('a')}.mp3`, `${hash('c')}.mp3`]);
  });

  it('serves a file larger than the whole bound once, evicting everything else', async () => {
    const store = new AudioStore(dir, 15);
    await store.put(hash('a'), 'mp3', bytes(10));
    await store.put(hash('b'), 'mp3', bytes(20));
    expect(await store.find(hash('a'))).toBeUndefined();
    expect(await store.find(hash('b'))).toBeDefined();
  });

  it('picks up what an earlier run left, oldest modification first, and clears half-written files', async () => {
    await writeFile(join(dir, `${hash('a')}.mp3`), bytes(10));
    await writeFile(join(dir, `${hash('b')}.mp3`), bytes(10));
    await writeFile(join(dir, '.partial-123'), bytes(5));
    await utimes(join(dir, `${hash('a')}.mp3`), 1_000, 1_000);
    await utimes(join(dir, `${hash('b')}.mp3`), 2_000, 2_000);
    const store = new AudioStore(dir, 15);
    await store.init();
    expect(await readdir(dir)).toEqual([`${hash('b')}.mp3`]);
    expect(store.size).toBe(10);
  });
});
