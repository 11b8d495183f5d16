import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { extname, join, normalize, sep } from 'node:path';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { preferredEncoding, type Encoding } from './content-encoding.js';
import { inlineScriptHashes, type SecurityHeaders } from './security-headers.js';

/** The built web app as the edge serves it. */
export interface WebSite {
  root: string;
  /** WEB_SOURCE_MAPS: serve the `.map` files a build made for debugging carries; otherwise they are not there. */
  sourceMaps: boolean;
  security: SecurityHeaders;
}

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
/**
 * Each file is compressed once, off the main thread (zlib's pool): brotli at its
 * best quality up to this size (the 270 KB prerendered page: 11 % fewer bytes for
 * 0.3 s once), a notch lower above it (the 500 KB antd chunk would keep its first visitor waiting 0.7 s, a 1.6 MB one seconds).
 */
const BEST_BROTLI_UP_TO_BYTES = 300 * 1024;
const compressors: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) => promisify(brotliCompress)(data, { params: { [constants.BROTLI_PARAM_QUALITY]: data.length <= BEST_BROTLI_UP_TO_BYTES ? 11 : 9 } }),
  gzip: (data) => promisify(gzip)(data, { level: 9 }),
};
/** Files up to this size are kept in memory; larger ones are streamed from disk. */
const IN_MEMORY_BYTES = 2 * 1024 * 1024;
/** How long a file is served as last seen before the disk is asked again (a rebuild shows within it). */
const RECHECK_MS = 1000;
const MAX_PATHS = 1000;

/**
 * Something derived from a file once (its contents, a compressed copy, its
 * script hashes): the promise while it is made, and the value itself once it
 * has come, so a file served before is answered in the request's own turn. A
 * failure is forgotten, so the next request tries again.
 */
class Derived<T> {
  private made: Promise<T> | undefined;
  value: T | undefined;

  get(make: () => Promise<T>): Promise<T> {
    if (this.made) return this.made;
    const made = make().then((value) => (this.value = value));
    made.catch(() => (this.made = undefined));
    this.made = made;
    return made;
  }
}

/** A built file as it was last seen on disk, with what the edge derived from it. */
interface FileCopy {
  file: string;
  info: Stats;
  /** Strong, from size and modification time: the same file on disk, the same tag. */
  etag: string;
  contents: Derived<Buffer>;
  /** Built assets are few and immutable: each is compressed once per encoding. */
  compressed: Record<Encoding, Derived<Buffer>>;
  /** A page's inline scripts, by hash, for its Content-Security-Policy. */
  scriptHashes: Derived<string[]>;
}

const copies = new Map<string, FileCopy>();
// Request path -> the file that answers it and when the disk was last asked (unknown
// paths answer index.html, but for built assets); bounded, since anyone may ask for any path.
const resolved = new Map<string, { copy: FileCopy; checkedAt: number }>();

async function look(file: string): Promise<Stats | undefined> {
  const info = await stat(file).catch(() => undefined);
  return info?.isFile() ? info : undefined;
}

/** The file for `pathname` as last seen, while it need not be looked at again. */
function seen(root: string, pathname: string): FileCopy | undefined {
  const known = resolved.get(`${root}\0${pathname}`);
  return known && Date.now() - known.checkedAt < RECHECK_MS ? known.copy : undefined;
}

/**
 * The file for `pathname` under `root`: itself if it is one, else index.html
 * (the client router decides), unless `fallsBack` is false.
 */
async function locate(root: string, pathname: string, fallsBack: boolean): Promise<FileCopy | undefined> {
  const key = `${root}\0${pathname}`;
  const candidate = normalize(join(root, pathname));
  const inside = candidate === root || candidate.startsWith(root.endsWith(sep) ? root : root + sep);
  // A path that climbs out of the root names nothing in it.
  let file = inside ? candidate : join(root, 'index.html');
  let info = inside || fallsBack ? await look(file) : undefined;
  if (!info && fallsBack) {
    file = join(root, 'index.html');
    info = await look(file);
  }
  if (!info) {
    resolved.delete(key);
    return undefined;
  }
  let copy = copies.get(file);
  if (!copy || copy.info.mtimeMs !== info.mtimeMs || copy.info.size !== info.size) {
    const etag = `"${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`;
    copy = { file, info, etag, contents: new Derived(), compressed: { br: new Derived(), gzip: new Derived() }, scriptHashes: new Derived() };
    copies.set(file, copy);
  }
  if (!resolved.has(key) && resolved.size >= MAX_PATHS) resolved.delete(resolved.keys().next().value!);
  resolved.set(key, { copy, checkedAt: Date.now() });
  return copy;
}

function contentsOf(copy: FileCopy): Promise<Buffer> {
  return copy.contents.get(() => readFile(copy.file));
}

function scriptHashesOf(copy: FileCopy): Promise<string[]> {
  return copy.scriptHashes.get(async () => inlineScriptHashes((await contentsOf(copy)).toString('utf8')));
}

function compressedOf(copy: FileCopy, encoding: Encoding): Promise<Buffer> {
  return copy.compressed[encoding].get(async () => compressors[encoding](await contentsOf(copy)));
}

/** The page every visit starts with, read, hashed and compressed as the edge starts, so its first visitor does not wait for that. */
export function warmUp(site: WebSite): void {
  void locate(site.root, '/', true)
    .then((copy) => copy && Promise.all([scriptHashesOf(copy), compressedOf(copy, 'br'), compressedOf(copy, 'gzip')]))
    .catch(() => undefined);
}

/** If-None-Match against an ETag (weak comparison: a compressed copy is the same file). */
function notModified(request: IncomingMessage, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * Serves the built web app; unknown paths get index.html so the client router
 * decides (and shows 404), but for built assets: an asset that is not there
 * (another build's chunk, a guessed name, a source map not served) is a 404 no
 * one keeps, never the page under a year-long `immutable`. `pathname` is
 * already decoded and checked by the edge. Files are served from memory with a
 * validator, so a page that must be revalidated (index.html, `no-cache`) costs
 * a 304 and no disk access.
 */
export async function serveStatic(site: WebSite, pathname: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const asset = pathname.startsWith('/assets/');
  const refused = !site.sourceMaps && extname(pathname) === '.map';
  // A file served in the last second, with what was derived from it, answers in this turn (`x ?? await y` waits only for what is not ready).
  const copy = refused ? undefined : (seen(site.root, pathname) ?? (await locate(site.root, pathname, !asset)));
  if (!copy) {
    const [status, text] = asset || refused ? [404, 'Not Found'] : [503, 'The web app is not built yet: run npm run build'];
    response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    response.end(text);
    return;
  }
  const { file, info } = copy;
  if (extname(file) === '.html') site.security.page(response, copy.scriptHashes.value ?? (await scriptHashesOf(copy)));
  // Hashed assets never change; the page itself must always be revalidated.
  const encoding = COMPRESSIBLE.has(extname(file)) && info.size > 1024 ? preferredEncoding(request.headers['accept-encoding']) : undefined;
  const headers: OutgoingHttpHeaders = {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': asset ? 'public, max-age=31536000, immutable' : 'no-cache',
    vary: 'accept-encoding',
    etag: encoding ? `W/${copy.etag}` : copy.etag,
  };
  if (notModified(request, copy.etag)) {
    delete headers['content-type'];
    response.writeHead(304, headers);
    response.end();
    return;
  }
  if (encoding || info.size <= IN_MEMORY_BYTES) {
    const data = (encoding ? copy.compressed[encoding] : copy.contents).value ?? (await (encoding ? compressedOf(copy, encoding) : contentsOf(copy)));
    response.writeHead(200, { ...headers, ...(encoding ? { 'content-encoding': encoding } : {}), 'content-length': data.length });
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
