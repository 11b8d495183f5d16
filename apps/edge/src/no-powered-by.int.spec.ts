import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
// The supervisor lives in tools/, outside every project, on purpose: it is what `npm start` runs.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { freePort } from '../../../tools/postgres.ts';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';

// The product as `npm start` runs it, on ports this test chose, so it can ask the
// processes behind the edge directly: none of them names its framework, even
// where the edge would drop the header anyway.
let stack: RunningStack;
const ports: Record<string, number> = {};

beforeAll(async () => {
  const [command, query, localStripe] = await Promise.all([freePort(), freePort(), freePort()]);
  Object.assign(ports, { 'command-api': command, 'query-api': query, 'local-stripe': localStripe });
  // The split form: the APIs in processes of their own, each asked directly (target all's one process answers only through the edge, below).
  stack = await startStack({ env: { START_SPLIT: 'true', COMMAND_API_PORT: String(command), QUERY_API_PORT: String(query), LOCAL_STRIPE_PORT: String(localStripe) } });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
}, 30_000);

describe('X-Powered-By', () => {
  it.each(['command-api', 'query-api', 'local-stripe'])('is not sent by the %s process', async (name) => {
    const health = await fetch(`http://127.0.0.1:${ports[name]}/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('x-powered-by')).toBeNull();
  });

  it('is not sent through the edge', async () => {
    for (const path of ['/', '/api/comedians', '/api/subscription-status', '/auth/v1/settings']) {
      expect((await fetch(`${stack.baseUrl}${path}`)).headers.get('x-powered-by')).toBeNull();
    }
  });
});
