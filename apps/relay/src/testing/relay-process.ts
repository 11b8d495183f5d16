import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RelayMessage } from '../event-publisher.port.js';
import type { BrokerReply, BrokerRequest } from './ipc-publisher.js';

const hooks = new URL('./ts-hooks.mjs', import.meta.url).href;
const fixture = fileURLToPath(new URL('./relay-process.fixture.ts', import.meta.url));

export interface ReceivedBatch {
  from: RelayProcess;
  messages: RelayMessage[];
  acknowledged: boolean;
}

/**
 * The broker of the crash test, in the test process: it records every batch a
 * relay process hands over (a real broker may have written a batch whose
 * acknowledgement never arrived, so all of them count as published) and lets
 * the test decide, per batch, to acknowledge it or to hold it.
 */
export class TestBroker {
  readonly batches: ReceivedBatch[] = [];
  private readonly waiters = new Set<() => void>();

  /** Decides each batch: 'ack' answers it, 'hold' leaves it unanswered. */
  constructor(private readonly decide: (batch: ReceivedBatch, index: number) => 'ack' | 'hold') {}

  /** Every message handed over, in arrival order (owners take turns, so this is publish order). */
  get received(): RelayMessage[] {
    return this.batches.flatMap((batch) => batch.messages);
  }

  get acknowledged(): RelayMessage[] {
    return this.batches.filter((batch) => batch.acknowledged).flatMap((batch) => batch.messages);
  }

  receive(from: RelayProcess, request: BrokerRequest): void {
    const batch: ReceivedBatch = { from, messages: request.messages, acknowledged: false };
    this.batches.push(batch);
    if (this.decide(batch, this.batches.length - 1) === 'ack') {
      batch.acknowledged = true;
      from.reply({ type: 'ack', id: request.id });
    }
    this.poke();
  }

  /** Checks the waiting conditions again (something else they read changed). */
  poke(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** Resolves once `condition` holds, checked after each batch and each poke. */
  until(condition: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!condition()) return;
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
      check();
    });
  }
}

/** A relay in a process of its own (relay-process.fixture.ts), publishing to `broker`. */
export class RelayProcess {
  private readonly child: ChildProcess;
  readonly output: string[] = [];
  readonly exited: Promise<void>;

  private constructor(env: Record<string, string>, broker: TestBroker) {
    this.child = spawn(process.execPath, ['--import', hooks, fixture], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    this.child.stdout!.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    this.child.stderr!.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    this.child.on('message', (message: BrokerRequest | { type: 'started' }) => {
      if (message.type === 'batch') broker.receive(this, message);
    });
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
  }

  /** Starts a relay process and resolves once it runs (owner or standby). */
  static async start(env: Record<string, string>, broker: TestBroker): Promise<RelayProcess> {
    const relay = new RelayProcess(env, broker);
    await new Promise<void>((resolve, reject) => {
      relay.child.on('message', (message: { type: string }) => message.type === 'started' && resolve());
      relay.child.once('exit', (code) => reject(new Error(`relay process exited (${code}) before starting:\n${relay.output.join('')}`)));
    });
    return relay;
  }

  get pid(): number {
    return this.child.pid!;
  }

  reply(reply: BrokerReply): void {
    if (this.child.connected) this.child.send(reply);
  }

  /** kill -9: no shutdown code runs, the process and its connections just end. */
  kill(): void {
    this.child.kill('SIGKILL');
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    await this.exited;
  }
}
