export interface BrieflyCachedOptions {
  /** How long a value is used before it is read again. */
  refreshMs: number;
  /** The longest a caller waits for a read; past it, it gets the value there was (or undefined) and the read lands for the next. */
  waitMs: number;
  /** Keys kept; the least recently asked go first. */
  maxKeys?: number;
  onError?: (error: unknown) => void;
}

interface Entry<T> {
  value: T | undefined;
  readAt: number;
  reading?: Promise<T | undefined>;
}

/**
 * Values read from the read models for a writer, per key (a comedian style):
 * read at most once per `refreshMs` and kept, so a write pays a read every few
 * seconds per style rather than per joke; a slow or failed read costs the one
 * write that started it at most `waitMs`, and the others nothing. Never
 * rejects: a failed read keeps the value there was.
 */
export class BrieflyCached<T> {
  private readonly byKey = new Map<string, Entry<T>>();

  constructor(
    private readonly read: (key: string) => Promise<T>,
    private readonly options: BrieflyCachedOptions,
  ) {}

  async get(key: string): Promise<T | undefined> {
    const entry = this.byKey.get(key) ?? { value: undefined, readAt: Number.NEGATIVE_INFINITY };
    // A Map iterates in insertion order: moving the key to the end makes it a cheap LRU.
    this.byKey.delete(key);
    this.byKey.set(key, entry);
    if (this.byKey.size > (this.options.maxKeys ?? 500)) this.byKey.delete(this.byKey.keys().next().value!);
    if (Date.now() - entry.readAt < this.options.refreshMs) return entry.value;
    // Another write is already reading it: use what there is rather than queue behind a read that may hang.
    if (entry.reading) return entry.value;

    entry.reading = this.read(key).then(
      (value) => {
        Object.assign(entry, { value, readAt: Date.now(), reading: undefined });
        return value;
      },
      (error: unknown) => {
        // Tried again after a refresh interval, not on every write while the database is away.
        Object.assign(entry, { readAt: Date.now(), reading: undefined });
        this.options.onError?.(error);
        return entry.value;
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<T | undefined>((resolve) => (timer = setTimeout(() => resolve(entry.value), this.options.waitMs)));
    try {
      return await Promise.race([entry.reading, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
