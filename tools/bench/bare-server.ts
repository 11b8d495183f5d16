// The bare baselines of `npm run bench -- http`: what the same answers cost
// with nothing but Node's http server and pg, in a process of its own.
//
//   POST /insert     inserts the request's JSON body as one row (one commit) and answers its id
//   GET  /catalogue  the bytes of the product's catalogue (BARE_CATALOGUE_FILE), compressed once up front
//   GET  /           the web app's index.html (BARE_HOME_FILE), the same way
//
//   DATABASE_URL, PORT (127.0.0.1), BARE_POOL_SIZE (default 30, the command API's)
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import pg from 'pg';

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

const server = createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/insert') {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let data: unknown;
      try {
        data = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        response.writeHead(400).end();
        return;
      }
      pool.query<{ id: string }>({ name: 'insert', text: 'INSERT INTO bare_rows (data) VALUES ($1) RETURNING id', values: [data] }).then(
        (result) => {
          const payload = JSON.stringify({ id: result.rows[0]!.id });
          response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload) });
          response.end(payload);
        },
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
