import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AUDIO_FILE_NAME } from '@jokes/contracts';
import type { AudioContentType } from '../engines/speech-engine.port.js';

export interface StoredAudio {
  /** `{sha256}.mp3`: the name in the audio URL. */
  name: string;
  path: string;
  size: number;
  contentType: AudioContentType;
}

interface Entry {
  name: string;
  size: number;
  lastUsed: number;
}

const TEMPORARY = '.partial-';

/**
 * Synthesised audio as files under one directory (`$DATA_DIR/audio`), named by
 * the hash of engine, voice and text. Files, not PostgreSQL: the audio is a
 * cache that can always be made again, not a fact, so it stays out of the
 * database's WAL and backups, and the file system serves byte ranges cheaply.
 * The total size is bounded: past it the least recently used files go first.
 * A file appears whole or not at all (written aside, then renamed).
 */
export class AudioStore {
  private readonly entries = new Map<string, Entry>();
  private total = 0;
  private lastTick = 0;
  private ready: Promise<void> | undefined;

  constructor(
    readonly dir: string,
    readonly maxBytes: number,
  ) {}

  /** Reads what an earlier run left (its last use is the file's modification time) and clears half-written files. */
  init(): Promise<void> {
    this.ready ??= (async () => {
      await mkdir(this.dir, { recursive: true });
      for (const name of await readdir(this.dir)) {
        const path = join(this.dir, name);
        if (name.startsWith(TEMPORARY)) {
          await rm(path, { force: true });
          continue;
        }
        if (!AUDIO_FILE_NAME.test(name)) continue;
        const info = await stat(path);
        this.remember({ name, size: info.size, lastUsed: info.mtimeMs });
      }
      await this.evict();
    })();
    return this.ready;
  }

  /** The stored audio of a hash, if any, marked as just used. */
  async find(hash: string): Promise<StoredAudio | undefined> {
    await this.init();
    for (const extension of ['mp3', 'ogg'] as const) {
      const found = await this.open(`${hash}.${extension}`);
      if (found) return found;
    }
    return undefined;
  }

  /** A stored file by its name (from the URL), marked as just used; undefined for any other name. */
  async open(name: string): Promise<StoredAudio | undefined> {
    await this.init();
    const entry = AUDIO_FILE_NAME.test(name) ? this.entries.get(name) : undefined;
    if (!entry) return undefined;
    const path = join(this.dir, name);
    const now = this.tick();
    entry.lastUsed = now;
    // The order survives a restart; a file evicted meanwhile is simply gone.
    await utimes(path, now / 1000, now / 1000).catch(() => undefined);
    return { name, path, size: entry.size, contentType: contentTypeOf(name) };
  }

  async put(hash: string, extension: 'mp3' | 'ogg', audio: Uint8Array): Promise<StoredAudio> {
    await this.init();
    const name = `${hash}.${extension}`;
    if (!AUDIO_FILE_NAME.test(name)) throw new Error(`Not an audio file name: ${name}`);
    const path = join(this.dir, name);
    const partial = join(this.dir, `${TEMPORARY}${randomUUID()}`);
    try {
      await writeFile(partial, audio);
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    const previous = this.entries.get(name);
    if (previous) this.total -= previous.size;
    this.remember({ name, size: audio.length, lastUsed: this.tick() });
    await this.evict(name);
    return { name, path, size: audio.length, contentType: contentTypeOf(name) };
  }

  /** Deletes the audio of a hash, whatever its format (a withdrawn joke's narrations). */
  async remove(hash: string): Promise<void> {
    await this.init();
    for (const extension of ['mp3', 'ogg'] as const) {
      const entry = this.entries.get(`${hash}.${extension}`);
      if (entry) await this.drop(entry);
    }
  }

  /** Bytes held now. */
  get size(): number {
    return this.total;
  }

  /** The time of a use, strictly after the previous one: two uses in one millisecond keep their order. */
  private tick(): number {
    this.lastTick = Math.max(Date.now(), this.lastTick + 1);
    return this.lastTick;
  }

  private remember(entry: Entry): void {
    this.entries.set(entry.name, entry);
    this.total += entry.size;
  }

  /** Least recently used first, never the file just written (a file larger than the bound is served once, then goes). */
  private async evict(keep?: string): Promise<void> {
    if (this.total <= this.maxBytes) return;
    const oldestFirst = [...this.entries.values()].sort((a, b) => a.lastUsed - b.lastUsed);
    for (const entry of oldestFirst) {
      if (this.total <= this.maxBytes) break;
      if (entry.name === keep) continue;
      await this.drop(entry);
    }
  }

  private async drop(entry: Entry): Promise<void> {
    this.entries.delete(entry.name);
    this.total -= entry.size;
    await rm(join(this.dir, entry.name), { force: true });
  }
}

function contentTypeOf(name: string): AudioContentType {
  return name.endsWith('.ogg') ? 'audio/ogg' : 'audio/mpeg';
}
