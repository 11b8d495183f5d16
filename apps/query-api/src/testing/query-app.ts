import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { CONSISTENT_POSITION_HEADER } from '@jokes/contracts';
import { compareCursors, type Cursor, formatCursor, type NewEvent, PostgresEventStore, rebuildProjection, rowProjection, type RowProjectionDefinition, type RowShape } from '@jokes/event-store';
import { createTestDatabase, type TestDatabase } from '@jokes/event-store/testing';
import { readModels } from '@jokes/read-models';
import { AppModule, type QueryApiOptions } from '../app.module.js';
import { TestIssuer } from './test-issuer.js';

// The row adapter the projectors run over each read model (apps/projectors wires the same one).
const projections = readModels.map((model) => rowProjection(model as unknown as RowProjectionDefinition<RowShape>));

/**
 * Catch-up reads see an event once every older transaction on the server has
 * ended (DESIGN.md decision 4), and other suites share the server: wait for that.
 */
async function untilReadable(store: PostgresEventStore, position: Cursor): Promise<void> {
  while (compareCursors(await store.head(), position) < 0) await new Promise((resolve) => setTimeout(resolve, 10));
}

export interface TestUser {
  userId: string;
  roles?: readonly string[];
}

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * The query API as `npm start` runs it (every controller, guard and filter),
 * on a fresh PostgreSQL database whose read models are written by applying
 * real events through the projections, with tokens from a test issuer.
 */
export class QueryApp {
  private constructor(
    readonly db: TestDatabase,
    readonly store: PostgresEventStore,
    private readonly issuer: TestIssuer,
    private readonly app: INestApplication,
    readonly url: string,
  ) {}

  static async start(name: string, options: Pick<QueryApiOptions, 'publicJokes'> = {}): Promise<QueryApp> {
    const db = await createTestDatabase(name);
    const store = new PostgresEventStore(db.pool, { notify: false });
    await store.migrate();
    const issuer = await TestIssuer.start();
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot({ databaseUrl: db.url, auth: issuer.auth, ...options })] }).compile();
    const app = moduleRef.createNestApplication({ logger: false, abortOnError: false });
    await app.listen(0, '127.0.0.1');
    const query = new QueryApp(db, store, issuer, app, `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`);
    await query.project();
    return query;
  }

  /** Appends the events to their stream and brings every read model up to them; answers the position to wait for. */
  async given(streamId: string, events: NewEvent[]): Promise<string> {
    const { position } = await this.store.append(streamId, events);
    await untilReadable(this.store, position);
    await this.project();
    return formatCursor(position);
  }

  /** Calls the API as the caller (a signed token), or anonymously. */
  async call(method: 'GET' | 'POST', path: string, options: { as?: TestUser; body?: unknown; position?: string; token?: string } = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    const token = options.token ?? (options.as ? await this.issuer.token(options.as.userId, options.as.roles) : undefined);
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.position) headers[CONSISTENT_POSITION_HEADER] = options.position;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.url}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  }

  /** A provider of the running app (a test looks at what it holds). */
  get<T>(token: abstract new (...args: never[]) => T): T {
    return this.app.get(token);
  }

  async stop(): Promise<void> {
    await this.app.close();
    await this.issuer.stop();
    await this.db.drop();
  }

  private async project(): Promise<void> {
    for (const projection of projections) await rebuildProjection(this.store, projection);
  }
}
