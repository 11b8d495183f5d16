import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PersonIndex } from '../port/event-store.port.js';
import { personEventsSql, PostgresEventStore } from './postgres-event-store.js';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';

// The product's index (libs/domain's JOKE_PERSON_INDEX, which this library does not import).
const INDEX: PersonIndex = { JokeGenerated: 'userId', JokeRated: 'userId', JokeShared: 'userId', JokeReported: 'reporterId', JokeWithdrawn: 'userId' };

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase('person');
  store = new PostgresEventStore(db.pool, { notify: false });
  await store.migrate();
  // 60,000 events of 2,000 people and visitors (null), as the product writes them; then the statistics.
  await db.pool.query(`
    INSERT INTO events (stream_id, stream_version, event_id, event_type, data)
    SELECT 'joke-' || (n / 3), n % 3 + 1, gen_random_uuid(), (ARRAY['JokeGenerated', 'JokeRated', 'JokeShared', 'JokeReported', 'PageViewed'])[n % 5 + 1],
           CASE WHEN n % 5 = 3 THEN jsonb_build_object('reporterId', 'person-' || (n % 2000))
                WHEN n % 7 = 0 THEN jsonb_build_object('userId', null)
                ELSE jsonb_build_object('userId', 'person-' || (n % 2000)) END
    FROM generate_series(1, 60000) AS n`);
  await db.pool.query('ANALYZE events');
}, 60_000);
afterAll(async () => db?.drop());

describe("a person's events in PostgreSQL", () => {
  it("reads them through the person indexes (one per field), never a scan of the events table", async () => {
    const { text, types } = personEventsSql(INDEX);
    const explained = await db.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${text}`, ['person-7', ...types]);
    const nodes = nodesOf(explained.rows[0]!['QUERY PLAN'][0].Plan);
    expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(nodes.flatMap((node) => node['Index Name'] ?? []).sort()).toEqual(['events_reporter_id_idx', 'events_user_id_idx']);
  });

  it('finds every event of the person among many, and only theirs', async () => {
    const person = `person-${randomUUID()}`;
    await store.append(`joke-${randomUUID()}`, [{ type: 'JokeGenerated', data: { userId: person } }, { type: 'JokeRated', data: { userId: 'someone' } }]);
    await store.append(`joke-${randomUUID()}`, [{ type: 'JokeReported', data: { reporterId: person, userId: 'someone' } }]);
    const found = await store.readByPerson(person, INDEX);
    expect(found.map((event) => event.type)).toEqual(['JokeGenerated', 'JokeReported']);
    const { rows } = await db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE event_type <> 'PageViewed' AND coalesce(data->>'userId', data->>'reporterId') = 'person-7'`,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
    expect(await store.readByPerson('person-7', INDEX)).toHaveLength(rows[0]!.n);
  });
});
