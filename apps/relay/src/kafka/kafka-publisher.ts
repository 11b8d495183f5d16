import kafkajs, { type Kafka as KafkaClient, type Producer } from 'kafkajs';
import type { EventPublisher, RelayMessage } from '../event-publisher.port.js';

const { Kafka, Partitioners, logLevel } = kafkajs;

export interface KafkaPublisherOptions {
  brokers: string[];
  clientId: string;
  topic: string;
  log?: (level: 'info' | 'warn' | 'error', message: string, fields: Record<string, unknown>) => void;
}

/**
 * The relay's publisher on Kafka (kafkajs). The producer is idempotent, so a
 * request the client retries is written once, with acks from every in-sync
 * replica; one request in flight keeps a retried batch from overtaking the
 * next (kafkajs guarantees order only then). The key sends a stream to one
 * partition; the Java client's murmur2 partitioner places it where other
 * clients would look.
 */
export class KafkaPublisher implements EventPublisher {
  private constructor(
    private readonly producer: Producer,
    private readonly topic: string,
  ) {}

  /** Connects and makes sure the topic exists (with the broker's default partitions and replication). */
  static async connect(options: KafkaPublisherOptions, kafka: Pick<KafkaClient, 'admin' | 'producer'> = kafkaClient(options)): Promise<KafkaPublisher> {
    const admin = kafka.admin();
    await admin.connect();
    try {
      await admin.createTopics({ topics: [{ topic: options.topic }], waitForLeaders: true });
    } finally {
      await admin.disconnect();
    }
    const producer = kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    await producer.connect();
    return new KafkaPublisher(producer, options.topic);
  }

  async publish(messages: readonly RelayMessage[]): Promise<void> {
    if (messages.length === 0) return;
    // acks -1: acknowledged by every in-sync replica (the idempotent producer requires it).
    await this.producer.send({
      topic: this.topic,
      acks: -1,
      messages: messages.map((message) => ({ key: message.key, value: message.value, headers: { ...message.headers } })),
    });
  }

  async close(): Promise<void> {
    await this.producer.disconnect();
  }
}

function kafkaClient(options: KafkaPublisherOptions): KafkaClient {
  return new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: logLevel.WARN,
    // kafkajs's lines as the product's structured log lines.
    logCreator: () => (entry) => {
      const { message, ...fields } = entry.log;
      options.log?.(entry.level === logLevel.ERROR ? 'error' : entry.level === logLevel.WARN ? 'warn' : 'info', `kafka: ${message}`, { namespace: entry.namespace, ...fields });
    },
  });
}
