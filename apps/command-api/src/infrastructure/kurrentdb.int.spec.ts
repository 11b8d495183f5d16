import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FREE_COMEDIANS } from '@jokes/domain';
import { LocalKurrentDbServer } from '@jokes/event-store/testing';
import { startAuthApp, type AuthApp } from '../testing/auth-app.js';

// The command API with EVENTSTORE_URL: its events go to KurrentDB (here the
// local gRPC server that speaks KurrentDB's protocol), everything else stays in PostgreSQL.
let server: LocalKurrentDbServer;
let app: AuthApp;

beforeAll(async () => {
  server = new LocalKurrentDbServer();
  await server.start();
  app = await startAuthApp({ EVENTSTORE_URL: server.connectionString });
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await server?.stop();
});

let counter = 0;
const generate = (topic = `kurrent ${++counter}`) =>
  fetch(`${app.url}/api/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ comedian_style: FREE_COMEDIANS[0]!.name, topic, length: 'short' }),
  });

const loggedJokes = (topic: string) =>
  server.log.readAll('forwards', 'start', 10_000n).filter((event) => event.type === 'JokeGenerated' && JSON.parse(Buffer.from(event.data).toString()).topic === topic);

describe('the command API on KurrentDB (EVENTSTORE_URL)', () => {
  it("appends a command's events to KurrentDB, not to PostgreSQL, and answers their $all position", async () => {
    const response = await generate('kept in kurrent');
    expect(response.status).toBe(200);
    const [joke] = loggedJokes('kept in kurrent');
    expect(joke).toBeDefined();
    expect(((await response.json()) as { position: string }).position).toBe(`${joke!.position}.${joke!.position}`);
    const inPostgres = await app.db.pool.query(`SELECT count(*)::int AS n FROM events WHERE event_type = 'JokeGenerated'`);
    expect(inPostgres.rows[0].n).toBe(0);
  });

  it('answers 503 with Retry-After while KurrentDB is down, and serves again once it is back; its health says so', async () => {
    const health = async () => {
      const answer = await fetch(`${app.url}/health`);
      return { status: answer.status, body: (await answer.json()) as { status: string; database: string; eventStore?: string } };
    };
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok', eventStore: 'ok' } });
    await server.stop();
    const down = await generate();
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(await health()).toEqual({ status: 503, body: { status: 'unavailable', database: 'ok', eventStore: 'unreachable' } });
    await server.start();
    expect((await generate()).status).toBe(200);
    expect((await health()).body.eventStore).toBe('ok');
  });
});
