export interface KafkaBroker {
  brokers: string[];
  stop(): Promise<void>;
}

/** Why the Kafka suite cannot run here, or nothing when it can. */
export function kafkaUnavailableReason(env: NodeJS.ProcessEnv): string | undefined {
  if (env.KAFKA_BROKERS?.trim() || env.TEST_CONTAINERS === '1') return undefined;
  return 'no Kafka broker here: set KAFKA_BROKERS=host:port (a running broker) or TEST_CONTAINERS=1 (a container engine) to run it';
}

/**
 * The broker of the Kafka suite: KAFKA_BROKERS when set, otherwise (with
 * TEST_CONTAINERS=1) a Kafka container. testcontainers is imported only
 * then, so the ordinary run never loads it.
 */
export async function startKafkaBroker(env: NodeJS.ProcessEnv): Promise<KafkaBroker> {
  const listed = env.KAFKA_BROKERS?.split(',').map((broker) => broker.trim()).filter(Boolean) ?? [];
  if (listed.length > 0) return { brokers: listed, stop: async () => undefined };
  const { KafkaContainer } = await import('@testcontainers/kafka');
  const container = await new KafkaContainer('confluentinc/cp-kafka:7.9.0').withKraft().start();
  return { brokers: [`${container.getHost()}:${container.getMappedPort(9093)}`], stop: async () => void (await container.stop()) };
}
