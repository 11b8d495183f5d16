// npm run bench -- freshness: how long after a command's answer its joke is in
// the read model. Starts the built product with its defaults (the projectors'
// idle poll included), sends generate commands at a fixed rate (open loop: on a
// timetable, whatever the answers do), and watches the jokes projection's
// checkpoint, which moves in the transaction that writes the rows.
//
//   BENCH_FRESHNESS_COMMANDS  commands per rate (default 1000)
//   DATABASE_URL              use this server; otherwise an embedded one in .data/bench-freshness-postgres
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openBenchDatabase } from './bench-database.ts';
import { buildProduct, startProduct } from './product-stack.ts';
import { percentile } from './util.ts';

export const FRESHNESS_GOAL = { ratePerSecond: 200, p99Ms: 50 };
const RATES = [50, 200];
const READ_MODEL = 'jokes';

interface Cursor {
  transactionId: bigint;
  globalPosition: bigint;
}

const atOrPast = (a: Cursor, b: Cursor) => a.transactionId > b.transactionId || (a.transactionId === b.transactionId && a.globalPosition >= b.globalPosition);

function parsePosition(position: string): Cursor {
  const [transactionId, globalPosition] = position.split('.');
  return { transactionId: BigInt(transactionId!), globalPosition: BigInt(globalPosition!) };
}

export interface FreshnessLine {
  rate: number;
  commands: number;
  /** Command answer to visible in the read model. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The commands' own answer times. */
  answerP50Ms: number;
  answerP99Ms: number;
  failed: number;
  /** Achieved sending rate (the timetable may slip if the bench itself is starved). */
  sentPerSecond: number;
}

/**
 * Polls the checkpoint only while some answered command is not yet visible,
 * each poll right after the previous one (about a millisecond apart).
 */
class CheckpointWatcher {
  private readonly waiting: { cursor: Cursor; answeredAt: number; resolve: (ms: number) => void }[] = [];
  private latest: Cursor = { transactionId: 0n, globalPosition: 0n };
  private polling = false;
  private closed = false;

  private readonly client: pg.Client;

  constructor(client: pg.Client) {
    this.client = client;
  }

  /** Resolves with the ms from `answeredAt` until the read model had passed `cursor` (0 if it already had). */
  visible(cursor: Cursor, answeredAt: number): Promise<number> {
    if (atOrPast(this.latest, cursor)) return Promise.resolve(0);
    return new Promise((resolve) => {
      this.waiting.push({ cursor, answeredAt, resolve });
      if (!this.polling) void this.poll();
    });
  }

  close(): void {
    this.closed = true;
  }

  private async poll(): Promise<void> {
    this.polling = true;
    try {
      while (this.waiting.length > 0 && !this.closed) {
        const result = await this.client.query<{ tx: string; pos: string }>(
          'SELECT last_transaction_id::text AS tx, last_position::text AS pos FROM projection_checkpoints WHERE name = $1',
          [READ_MODEL],
        );
        const seenAt = performance.now();
        const row = result.rows[0];
        if (row) this.latest = { transactionId: BigInt(row.tx), globalPosition: BigInt(row.pos) };
        for (let index = this.waiting.length - 1; index >= 0; index--) {
          const entry = this.waiting[index]!;
          if (!atOrPast(this.latest, entry.cursor)) continue;
          this.waiting.splice(index, 1);
          entry.resolve(Math.max(0, seenAt - entry.answeredAt));
        }
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    } finally {
      this.polling = false;
    }
  }
}

function generate(agent: Agent, baseUrl: URL, body: string): Promise<{ status: number; position?: string }> {
  return new Promise((resolve) => {
    const outgoing = request(
      {
        agent,
        host: baseUrl.hostname,
        port: baseUrl.port,
        method: 'POST',
        path: '/api/generate',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          try {
            resolve({ status: answer.statusCode ?? 0, position: (JSON.parse(Buffer.concat(chunks).toString()) as { position?: string }).position });
          } catch {
            resolve({ status: answer.statusCode ?? 0 });
          }
        });
        answer.on('error', () => resolve({ status: 0 }));
      },
    );
    outgoing.on('error', () => resolve({ status: 0 }));
    outgoing.end(body);
  });
}

async function runRate(rate: number, commands: number, baseUrl: URL, body: string, watcher: CheckpointWatcher): Promise<FreshnessLine> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const freshness: number[] = [];
  const answers: number[] = [];
  let failed = 0;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  try {
    for (let index = 0; index < commands; index++) {
      const due = started + (index * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(
        (async () => {
          const sentAt = performance.now();
          const answer = await generate(agent, baseUrl, body);
          const answeredAt = performance.now();
          if (answer.status !== 200 || !answer.position) {
            failed++;
            return;
          }
          answers.push(answeredAt - sentAt);
          freshness.push(await watcher.visible(parsePosition(answer.position), answeredAt));
        })(),
      );
    }
    const sentPerSecond = commands / ((performance.now() - started) / 1000);
    await Promise.all(pending);
    const sorted = Float64Array.from(freshness).sort();
    const answerSorted = Float64Array.from(answers).sort();
    return {
      rate,
      commands,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      maxMs: sorted.at(-1) ?? 0,
      answerP50Ms: percentile(answerSorted, 0.5),
      answerP99Ms: percentile(answerSorted, 0.99),
      failed,
      sentPerSecond,
    };
  } finally {
    agent.destroy();
  }
}

export async function runFreshnessBench(say: (line?: string) => void): Promise<FreshnessLine[]> {
  const commands = Number(process.env.BENCH_FRESHNESS_COMMANDS ?? 1000);
  if (!(commands > 0)) throw new Error('BENCH_FRESHNESS_COMMANDS must be a positive number');
  say(`Read-model freshness: command answer -> visible in the ${READ_MODEL} read model (its checkpoint passed the answer's position)`);
  buildProduct(say);
  const database = await openBenchDatabase('freshness', say);
  let product: Awaited<ReturnType<typeof startProduct>> | undefined;
  const client = new pg.Client({ connectionString: database.url, application_name: 'bench-freshness' });
  client.on('error', () => undefined);
  try {
    product = await startProduct(database.url);
    await client.connect();
    const watcher = new CheckpointWatcher(client);
    const catalogue = (await (await fetch(`${product.baseUrl}/api/comedians`)).json()) as { comedians: { name: string; tier: string }[] };
    const free = catalogue.comedians.find((comedian) => comedian.tier === 'free')!;
    const body = JSON.stringify({ comedian_style: free.name, length: 'short', topic: 'airports' });
    say(`  the product with its defaults (PROJECTOR_POLL_MS ${process.env.PROJECTOR_POLL_MS ?? 'unset: 250'}); ${commands} generate commands per rate, anonymous, free comedian; the watcher polls only while a joke is not yet visible`);
    // Warm-up: the first requests pay for JIT and connection set-up.
    await runRate(50, 50, new URL(product.baseUrl), body, watcher);
    const lines: FreshnessLine[] = [];
    for (const rate of RATES) {
      const line = await runRate(rate, commands, new URL(product.baseUrl), body, watcher);
      lines.push(line);
      say(
        `  ${String(rate).padStart(3)} commands/s (sent at ${line.sentPerSecond.toFixed(0)}/s): answer -> read model p50 ${line.p50Ms.toFixed(1)} ms, p99 ${line.p99Ms.toFixed(1)} ms, max ${line.maxMs.toFixed(1)} ms` +
          `${rate === FRESHNESS_GOAL.ratePerSecond ? ` (goal p99 <= ${FRESHNESS_GOAL.p99Ms} ms)` : ''}; answers p50 ${line.answerP50Ms.toFixed(1)} ms, p99 ${line.answerP99Ms.toFixed(1)} ms${line.failed ? `; ${line.failed} FAILED` : ''}`,
      );
    }
    watcher.close();
    say();
    say('Goals:');
    const goal = lines.find((line) => line.rate === FRESHNESS_GOAL.ratePerSecond)!;
    const checks = [
      { check: `freshness p99 at ${FRESHNESS_GOAL.ratePerSecond} commands/s <= ${FRESHNESS_GOAL.p99Ms} ms`, value: `${goal.p99Ms.toFixed(1)} ms`, pass: goal.p99Ms <= FRESHNESS_GOAL.p99Ms },
      { check: 'every command answered 200 with a position', value: `${lines.reduce((sum, line) => sum + line.failed, 0)} failed`, pass: lines.every((line) => line.failed === 0) },
    ];
    for (const check of checks) say(`  ${check.pass ? 'PASS' : 'FAIL'}  ${check.check}: ${check.value}`);
    say(`  overall: ${checks.every((check) => check.pass) ? 'PASS' : 'FAIL'}`);
    return lines;
  } finally {
    await client.end().catch(() => undefined);
    await product?.stop();
    await database.close();
  }
}
