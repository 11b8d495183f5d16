import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
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

/** Serves the built web app; unknown paths get index.html so the client router decides (and shows 404). */
export async function serveStatic(root: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://edge').pathname);
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
  response.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': info.size,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file).pipe(response);
}
