import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JOKE_CARD_SIZES, type JokeCardSize } from '@jokes/contracts';
import { renderJokeCard } from './joke-card.renderer.js';

/** Bump when the template changes: cards of the old one are then not found and age out. */
export const TEMPLATE_VERSION = 1;
const SIZES = Object.keys(JOKE_CARD_SIZES) as JokeCardSize[];
const FILE = /^[0-9a-f-]{36}-(1080x1080|1200x630)-v\d+\.png$/;
const fileOf = (jokeId: string, size: JokeCardSize) => `${jokeId}-${size}-v${TEMPLATE_VERSION}.png`;

export interface CardJoke {
  content: string;
  comedianStyle: string;
}

export type CardRenderer = (joke: CardJoke, size: JokeCardSize) => Promise<Buffer>;

/**
 * Rendered cards as files under `$DATA_DIR/cards`, one per joke and size, so
 * a card is drawn once (a card costs tens of milliseconds of CPU; reading it
 * back, well under one). Files, not PostgreSQL: a card can always be drawn
 * again, so it stays out of the WAL and the backups. Requests for a card being
 * drawn wait for that drawing; drawings run one at a time, so a burst of new
 * cards queues instead of taking every core from the reads. The total is
 * bounded (CARD_CACHE_MAX_MB), least recently used first; a joke taken down
 * loses its files (forget).
 */
export class CardCache {
  /** File name -> bytes, least recently used first (a Map keeps insertion order). */
  private readonly files = new Map<string, number>();
  private readonly drawing = new Map<string, Promise<Buffer>>();
  private total = 0;
  private turn: Promise<unknown> = Promise.resolve();
  private ready: Promise<void> | undefined;
  /** Cards drawn by this process (the bench and the tests read it). */
  renders = 0;

  constructor(
    readonly dir: string,
    readonly maxBytes: number,
    private readonly render: CardRenderer = renderJokeCard,
  ) {}

  /** What an earlier run left, oldest use (modification time) first; half-written files go. */
  init(): Promise<void> {
    this.ready ??= (async () => {
      await mkdir(this.dir, { recursive: true });
      const found: { name: string; size: number; used: number }[] = [];
      for (const name of await readdir(this.dir)) {
        if (!FILE.test(name)) {
          if (name.startsWith('.partial-')) await rm(join(this.dir, name), { force: true });
          continue;
        }
        const info = await stat(join(this.dir, name));
        found.push({ name, size: info.size, used: info.mtimeMs });
      }
      for (const { name, size } of found.sort((a, b) => a.used - b.used)) this.remember(name, size);
      await this.evict();
    })();
    return this.ready;
  }

  /** The card of a published joke: from disk, or drawn now (once, however many ask at the same time). */
  async card(jokeId: string, size: JokeCardSize, joke: CardJoke): Promise<Buffer> {
    await this.init();
    const name = fileOf(jokeId, size);
    if (this.files.has(name)) {
      const stored = await readFile(join(this.dir, name)).catch(() => undefined);
      if (stored) {
        this.remember(name, stored.length);
        return stored;
      }
      this.drop(name);
    }
    let pending = this.drawing.get(name);
    if (!pending) {
      pending = this.draw(name, size, joke).finally(() => this.drawing.delete(name));
      this.drawing.set(name, pending);
    }
    return pending;
  }

  /** Removes a joke's cards (its page is gone: unpublished, withdrawn, its owner's account closed). */
  async forget(jokeId: string): Promise<void> {
    await this.init();
    for (const size of SIZES) {
      const name = fileOf(jokeId, size);
      if (!this.files.has(name)) continue;
      this.drop(name);
      await rm(join(this.dir, name), { force: true });
    }
  }

  /** Bytes held now. */
  get size(): number {
    return this.total;
  }

  private async draw(name: string, size: JokeCardSize, joke: CardJoke): Promise<Buffer> {
    const png = await this.oneAtATime(() => this.render(joke, size));
    this.renders++;
    const partial = join(this.dir, `.partial-${randomUUID()}`);
    try {
      // Whole or not at all: written aside, then renamed.
      await writeFile(partial, png);
      await rename(partial, join(this.dir, name));
      this.remember(name, png.length);
      await this.evict(name);
    } catch {
      // A full or read-only disk costs a redraw next time, not this answer.
      await rm(partial, { force: true });
    }
    return png;
  }

  private oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const result = this.turn.then(work, work);
    this.turn = result.catch(() => undefined);
    return result;
  }

  private remember(name: string, bytes: number): void {
    this.drop(name);
    this.files.set(name, bytes);
    this.total += bytes;
  }

  private drop(name: string): void {
    const bytes = this.files.get(name);
    if (bytes === undefined) return;
    this.files.delete(name);
    this.total -= bytes;
  }

  /** Least recently used first, never the card just drawn. */
  private async evict(keep?: string): Promise<void> {
    for (const name of [...this.files.keys()]) {
      if (this.total <= this.maxBytes) return;
      if (name === keep) continue;
      this.drop(name);
      await rm(join(this.dir, name), { force: true });
    }
  }
}
