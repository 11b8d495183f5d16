import type { EventPublisher, RelayMessage } from '../event-publisher.port.js';

/** What a relay process and the test's broker say to each other over the IPC channel. */
export type BrokerRequest = { type: 'batch'; id: number; messages: RelayMessage[] };
export type BrokerReply = { type: 'ack'; id: number } | { type: 'nack'; id: number; reason: string };

/**
 * A publisher in a child process whose broker is the parent (the crash test):
 * a batch counts as acknowledged when the parent says so, as Kafka's answer
 * would. A kill -9 between the two is the crash the test is after.
 */
export class IpcPublisher implements EventPublisher {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private readonly onReply = (reply: BrokerReply) => {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (reply.type === 'ack') waiting.resolve();
    else waiting.reject(new Error(reply.reason));
  };

  constructor() {
    if (!process.send) throw new Error('IpcPublisher needs an IPC channel to its parent');
    process.on('message', this.onReply);
  }

  publish(messages: readonly RelayMessage[]): Promise<void> {
    const id = this.nextId++;
    const request: BrokerRequest = { type: 'batch', id, messages: [...messages] };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      process.send!(request);
    });
  }

  async close(): Promise<void> {
    process.off('message', this.onReply);
  }
}
