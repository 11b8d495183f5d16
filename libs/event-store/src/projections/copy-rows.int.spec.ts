import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { copyRows } from './copy-rows.js';

// COPY's text goes to the server a chunk at a time, written while the server
// works on the chunks before it.
let db: TestDatabase;
let client: pg.PoolClient;

beforeAll(async () => {
  db = await createTestDatabase('copyrows');
  client = await db.pool.connect();
  await client.query('CREATE TABLE copied (n integer PRIMARY KEY, body text)');
});
afterAll(async () => {
  client?.release();
  await db?.drop();
});

describe('copyRows', () => {
  it('copies a batch of many chunks whole, escapes included', async () => {
    // ~1 KB a row, so the batch is several chunks; every row has something to escape.
    const rows = Array.from({ length: 400 }, (_, n) => [n, `row ${n}\t\\N\n${'é'.repeat(n % 7)}${'x'.repeat(1000)}`]);
    await copyRows(client, 'COPY copied (n, body) FROM STDIN', rows);
    const copied = await client.query<{ n: number; body: string }>('SELECT n, body FROM copied ORDER BY n');
    expect(copied.rows).toEqual(rows.map(([n, body]) => ({ n, body })));
  });

  it('fails with its own error on a value it cannot write, and the connection goes on', async () => {
    await client.query('TRUNCATE copied');
    const rows = [[1, 'fine'], [2, { cannot: 1n }]];
    // The TypeError of JSON.stringify itself, not the server's word on the abandoned COPY.
    await expect(copyRows(client, 'COPY copied (n, body) FROM STDIN', rows)).rejects.toThrow(TypeError);
    expect((await client.query('SELECT count(*)::int AS n FROM copied')).rows).toEqual([{ n: 0 }]);
  });
});
