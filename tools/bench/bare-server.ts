// The bare baselines of `npm run bench -- http`: what the same answers cost
// with nothing but Node's http server and pg, in a process of its own.
//
//   POST /insert     inserts the request's JSON body as one row (one commit) and answers its id
//   POST /append     the database work the design asks of a generate, and nothing else: appends
//                    the event the product wrote for the same body (BARE_EVENT_FILE, a new joke id
//                    each time) to a new stream through the product's PostgresEventStore, which wakes
//                    the projectors as the product does (one NOTIFY per 5 ms at most); the product's
//                    projectors project it as they do the product's own
//   GET  /catalogue  the bytes of the product's catalogue (BARE_CATALOGUE_FILE), compressed once up front
//   GET  /           the web app's index.html (BARE_HOME_FILE), the same way
//
//   DATABASE_URL, PORT (127.0.0.1), BARE_POOL_SIZE (default 30, the command API's), BARE_EVENT_FILE
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { PostgresEventStore } from '@jokes/event-store';

export const BARE_TABLE_DDL = 'CREATE TABLE IF NOT EXISTS bare_rows (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, data jsonb NOT NULL)';

interface Representations {
  type: string;
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function representations(file: string, type: string): Representations {
  const plain = readFileSync(file);
  return { type, plain, br: brotliCompressSync(plain), gzip: gzipSync(plain) };
}

function serve(request: IncomingMessage, response: ServerResponse, body: Representations): void {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  const bytes = encoding ? body[encoding] : body.plain;
  response.writeHead(200, {
    'content-type': body.type,
    'content-length': bytes.length,
    vary: 'accept-encoding',
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  response.end(bytes);
}

const env = process.env;
const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: Number(env.BARE_POOL_SIZE ?? 30), application_name: 'bare' });
pool.on('error', () => undefined);
await pool.query(BARE_TABLE_DDL);
const catalogue = representations(env.BARE_CATALOGUE_FILE!, 'application/json; charset=utf-8');
const home = representations(env.BARE_HOME_FILE!, 'text/html; charset=utf-8');

interface EventTemplate {
  event_type: string;
  schema_version: number;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}
const template: EventTemplate | undefined = env.BARE_EVENT_FILE ? (JSON.parse(readFileSync(env.BARE_EVENT_FILE, 'utf8')) as EventTemplate) : undefined;

// The product's own store: the same append statement and the same coalesced wake-up after its commit.
const store = new PostgresEventStore(pool);

function readJson(request: IncomingMessage, response: ServerResponse, then: (body: unknown) => void): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      response.writeHead(400).end();
      return;
    }
    then(body);
  });
}

function answer(response: ServerResponse, body: unknown): void {
  const payload = JSON.stringify(body);
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload) });
  response.end(payload);
}

const server = createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/insert') {
    readJson(request, response, (data) => {
      pool.query<{ id: string }>({ name: 'insert', text: 'INSERT INTO bare_rows (data) VALUES ($1) RETURNING id', values: [data] }).then(
        (result) => answer(response, { id: result.rows[0]!.id }),
        () => response.writeHead(503).end(),
      );
    });
    return;
  }
  if (request.method === 'POST' && request.url === '/append' && template) {
    readJson(request, response, () => {
      const jokeId = randomUUID();
      const data = { ...template.data, jokeId, generatedAt: new Date().toISOString() };
      const metadata = { ...template.metadata, correlationId: randomUUID(), causationId: randomUUID() };
      const event = { type: template.event_type, schemaVersion: template.schema_version, data, metadata, eventId: randomUUID() };
      store.append(`joke-${jokeId}`, [event], { expectedVersion: 'no_stream' }).then(
        (result) => answer(response, { ...data, position: result.position.globalPosition.toString() }),
        () => response.writeHead(503).end(),
      );
    });
    return;
  }
  if (request.method === 'GET' && request.url === '/catalogue') return serve(request, response, catalogue);
  if (request.method === 'GET' && request.url === '/') return serve(request, response, home);
  response.writeHead(404).end();
});
server.keepAliveTimeout = 60_000;
server.listen(Number(env.PORT), '127.0.0.1', () => process.stdout.write('bare listening\n'));
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().finally(() => process.exit(0));
});
