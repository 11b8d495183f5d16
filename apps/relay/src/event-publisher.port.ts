/** One event as the relay hands it to the broker. */
export interface RelayMessage {
  /** The stream id: Kafka keeps one key in one partition, so a stream stays in order. */
  key: string;
  /** The event as JSON. */
  value: string;
  headers: Readonly<Record<string, string>>;
}

/**
 * Where the relay publishes (Kafka in production, a recording publisher in
 * tests). `publish` resolves only once the broker has acknowledged every
 * message, in order within each key, and rejects otherwise: the relay moves
 * its checkpoint only after it resolves, and sends the batch again after a
 * rejection or a crash.
 */
export interface EventPublisher {
  publish(messages: readonly RelayMessage[]): Promise<void>;
  close(): Promise<void>;
}
