// PostgreSQL in a container (testcontainers), for the tests on machines with a
// container engine (TEST_CONTAINERS=1). Imported only then, and it imports
// testcontainers only when called: the ordinary run never loads it.
import type { RunningPostgres } from '../postgres.ts';

/** The server the compose deployment runs (docker-compose.yml). */
export const TEST_POSTGRES_IMAGE = 'postgres:18';

export async function startPostgresContainer(database: string): Promise<RunningPostgres> {
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  try {
    const container = await new PostgreSqlContainer(TEST_POSTGRES_IMAGE)
      .withDatabase(database)
      .withUsername('postgres')
      .withPassword('postgres')
      // As the embedded test server: every suite opens its own pools at once.
      .withCommand(['postgres', '-c', 'max_connections=300'])
      .start();
    return {
      url: container.getConnectionUri(),
      stop: async () => {
        await container.stop();
      },
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`TEST_CONTAINERS=1, but testcontainers could not start ${TEST_POSTGRES_IMAGE} (is a container engine running?): ${reason}`, { cause: error });
  }
}
