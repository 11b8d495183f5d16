import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_EMBEDDED_PG_PORT, embeddedPortFile, runningDatabaseUrl } from './running-database.js';

describe('the database a command-line tool uses', () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'jokes-config-'));

  it('is DATABASE_URL when set', () => {
    expect(runningDatabaseUrl({ DATABASE_URL: 'postgres://u:p@db:5432/x', PG_PORT: '1' })).toBe('postgres://u:p@db:5432/x');
  });

  it("is a running npm start's embedded server on the port it recorded in DATA_DIR", () => {
    const dir = dataDir();
    writeFileSync(embeddedPortFile(dir), '54401\n');
    expect(runningDatabaseUrl({ DATA_DIR: dir })).toBe('postgres://postgres:postgres@127.0.0.1:54401/jokes');
    expect(runningDatabaseUrl({ DATA_DIR: dir, PG_PORT: '54500' })).toContain(':54500/');
  });

  it('falls back to the default embedded port when no run recorded one (or the record is not a port)', () => {
    const dir = dataDir();
    expect(runningDatabaseUrl({ DATA_DIR: dir })).toContain(`:${DEFAULT_EMBEDDED_PG_PORT}/`);
    writeFileSync(embeddedPortFile(dir), 'not a port');
    expect(runningDatabaseUrl({ DATA_DIR: dir })).toContain(`:${DEFAULT_EMBEDDED_PG_PORT}/`);
  });
});
