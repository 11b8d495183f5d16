import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { migrate } from './migrator.js';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase('migrate');
});
afterAll(async () => db.drop());

describe('migrate', () => {
  it('lets several components migrate a fresh database at the same time', async () => {
    const components = Array.from({ length: 6 }, (_, k) => `component-${k}`);
    await Promise.all(
      components.map((component) => migrate(db.pool, component, [{ version: 1, name: 'table', sql: `CREATE TABLE "${component}" (id int)` }])),
    );
    const applied = await db.pool.query('SELECT component FROM schema_migrations ORDER BY component');
    expect(applied.rows.map((row) => row.component)).toEqual(components);
  });

  it('applies each migration once, whoever runs it', async () => {
    const migrations = [{ version: 1, name: 'once', sql: 'CREATE TABLE once (id int)' }];
    const results = await Promise.all([migrate(db.pool, 'once', migrations), migrate(db.pool, 'once', migrations)]);
    expect(results.flat()).toEqual([1]);
  });

  it('rolls back a failing migration and names it', async () => {
    await expect(migrate(db.pool, 'broken', [{ version: 1, name: 'bad sql', sql: 'CREATE TABLE broken (' }])).rejects.toThrow(/broken 1 \(bad sql\)/);
    const applied = await db.pool.query("SELECT 1 FROM schema_migrations WHERE component = 'broken'");
    expect(applied.rowCount).toBe(0);
  });
});
