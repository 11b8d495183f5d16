import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_EMBEDDED_PG_PORT, embeddedPortFile, localStripeUrl, runningDatabaseUrl, usesLocalPaymentProvider } from './config.js';

describe('the local payment provider', () => {
  it('is in use unless STRIPE_SECRET_KEY is set', () => {
    expect(usesLocalPaymentProvider({})).toBe(true);
    expect(usesLocalPaymentProvider({ STRIPE_SECRET_KEY: '  ' })).toBe(true);
    expect(usesLocalPaymentProvider({ STRIPE_SECRET_KEY: 'sk_test_x' })).toBe(false);
  });

  it('answers on 127.0.0.1:3104 by default, on LOCAL_STRIPE_PORT, or wherever LOCAL_STRIPE_URL says', () => {
    expect(localStripeUrl({}).href).toBe('http://127.0.0.1:3104/');
    expect(localStripeUrl({ LOCAL_STRIPE_PORT: '4000' }).href).toBe('http://127.0.0.1:4000/');
    expect(localStripeUrl({ LOCAL_STRIPE_PORT: '4000', LOCAL_STRIPE_URL: 'http://billing.internal:8080' }).href).toBe('http://billing.internal:8080/');
  });

  it('refuses a port that is not a number', () => {
    expect(() => localStripeUrl({ LOCAL_STRIPE_PORT: 'abc' })).toThrow('LOCAL_STRIPE_PORT must be a non-negative integer');
  });
});

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
