import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { extname, join, normalize, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt']);
const compressors = {
  br: (data: Buffer) => promisify(brotliCompress)(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (data: Buffer) => promisify(gzip)(data, { level: 9 }),
};
type Encoding = keyof typeof compressors;
// Built assets are few and immutable: compress each once per encoding and keep it.
const compressed = new Map<string, Promise<Buffer>>();

function pickEncoding(request: IncomingMessage): Encoding | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/**
 * Serves the built web app; unknown paths get index.html so the client router
 * decides (and shows 404). `pathname` is already decoded and checked by the edge.
 */
export async function serveStatic(root: string, pathname: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const candidate = normalize(join(root, pathname));
  const inside = candidate === root || candidate.startsWith(root.endsWith(sep) ? root : root + sep);
  let file = inside ? candidate : join(root, 'index.html');
  let info: Stats | undefined = await stat(file).catch(() => undefined);
  if (!info || info.isDirectory()) {
    file = join(root, 'index.html');
    info = await stat(file).catch(() => undefined);
  }
  if (!info) {
    response.writeHead(503, { 'content-type': 'text/plain' });
    response.end('The web app is not built yet: run npm run build');
    return;
  }
  // Hashed assets never change; the page itself must always be revalidated.
  const immutable = pathname.startsWith('/assets/');
  const headers: Record<string, string | number> = {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    vary: 'accept-encoding',
  };
  const encoding = COMPRESSIBLE.has(extname(file)) && info.size > 1024 ? pickEncoding(request) : undefined;
  if (encoding) {
    const key = `${encoding}:${file}:${info.mtimeMs}`;
    let body = compressed.get(key);
    if (!body) {
      body = readFile(file).then(compressors[encoding]);
      compressed.set(key, body);
      body.catch(() => compressed.delete(key));
    }
    const data = await body;
    response.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': data.length });
    response.end(request.method === 'HEAD' ? undefined : data);
    return;
  }
  response.writeHead(200, { ...headers, 'content-length': info.size });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  // The file may vanish between stat and read (a rebuild): that cuts one answer short, nothing more.
  pipeline(createReadStream(file), response, () => undefined);
}
