import type pg from 'pg';

const SPECIAL = /[\\\n\r\t]/g;
const ANY_SPECIAL = /[\\\n\r\t]/;
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One value in COPY's text format, written as the driver would send it as a parameter. */
function field(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text =
    typeof value === 'string' ? value
    : value instanceof Date ? value.toISOString()
    : typeof value === 'object' ? JSON.stringify(value)
    : String(value as number | bigint | boolean);
  // Most values have nothing to escape: a test is several times cheaper than a replace that finds nothing.
  return ANY_SPECIAL.test(text) ? text.replace(SPECIAL, (character) => ESCAPED[character]!) : text;
}

/** One row in COPY's text format: tab-separated fields and a line break. */
function line(row: readonly unknown[]): string {
  let text = '';
  for (let index = 0; index < row.length; index++) text += (index === 0 ? '' : '\t') + field(row[index]);
  return `${text}\n`;
}

/** Rows in COPY's text format: tab-separated fields, a line each. */
export function copyText(rows: readonly (readonly unknown[])[]): string {
  let text = '';
  for (const row of rows) text += line(row);
  return text;
}

/** About this much text goes to the server at a time, so it parses and inserts rows while the next are written. */
const CHUNK_CHARS = 64 * 1024;

/**
 * `COPY table (columns) FROM STDIN` with rows already in memory: the fastest
 * way to insert many rows (the server inserts them in multi-row batches and
 * parses no arrays). node-postgres speaks the COPY protocol to any query object
 * that answers the copy-in response, so no streaming package is needed for one
 * buffer. Runs in the client's current transaction; a failure (a duplicate key)
 * rejects as any statement's would.
 */
export async function copyRows(client: pg.PoolClient, statement: string, rows: readonly (readonly unknown[])[]): Promise<void> {
  // Sent through client.query like any statement (so wrappers of it see it too);
  // node-postgres hands back a query object it is given, here one that can be awaited.
  await (client as unknown as { query(submittable: CopyIn): PromiseLike<void> }).query(new CopyIn(statement, rows));
}

/** The query object node-postgres drives through COPY FROM STDIN; awaiting it waits for the end. */
class CopyIn implements PromiseLike<void> {
  private readonly done: Promise<void>;
  private settle!: (error?: unknown) => void;
  /** An error of ours that ended the COPY, reported instead of the server's answer to it. */
  private failure: unknown;

  constructor(
    readonly text: string,
    private readonly rows: readonly (readonly unknown[])[],
  ) {
    this.done = new Promise((resolve, reject) => {
      this.settle = (error) => (error ? reject(error) : resolve());
    });
  }

  then<A = void, B = never>(onFulfilled?: ((value: void) => A | PromiseLike<A>) | null, onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): PromiseLike<A | B> {
    return this.done.then(onFulfilled, onRejected);
  }

  submit(connection: CopyConnection): void {
    connection.query(this.text);
  }

  /**
   * Writes the rows as text a chunk at a time: each chunk leaves for the server
   * (a socket write goes out at once when nothing is queued) while the next is
   * written, so the server's work on a batch overlaps Node's.
   */
  handleCopyInResponse(connection: CopyConnection): void {
    try {
      let text = '';
      for (const row of this.rows) {
        text += line(row);
        if (text.length >= CHUNK_CHARS) {
          connection.sendCopyFromChunk(Buffer.from(text, 'utf8'));
          text = '';
        }
      }
      if (text.length > 0) connection.sendCopyFromChunk(Buffer.from(text, 'utf8'));
      connection.endCopyFrom();
    } catch (error) {
      // A value that cannot be written: the server abandons the COPY, and the caller gets this error, not the server's.
      this.failure = error;
      connection.sendCopyFail(error instanceof Error ? error.message : String(error));
    }
  }

  handleError(error: unknown): void {
    // As node-postgres's own queries do: the client is done with this one (its
    // ReadyForQuery goes to nobody), and holds the next statement until it comes.
    this.settle(this.failure ?? error);
  }

  handleReadyForQuery(): void {
    this.settle();
  }

  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
}
