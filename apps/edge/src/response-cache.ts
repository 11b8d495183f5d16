import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { correlationIdOf } from '@jokes/contracts';
import { preferredEncoding } from './content-encoding.js';

/** Small JSON answers only: the catalogue, key sets; never audio or anything a range is asked of. */
const MAX_BODY_BYTES = 64 * 1024;
const MAX_ENTRIES = 64;
const COMPRESS_FROM_BYTES = 1024;
// What the upstream said about the answer that stays true of a copy.
const KEPT_HEADERS = ['content-type', 'cache-control', 'etag', 'last-modified', 'x-content-type-options', 'content-language'];

interface Entry {
  headers: Record<string, string>;
  /** The validator as the upstream gave it; compressed copies carry it weak (they are other bytes). */
  etag: string | undefined;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  storedAt: number;
  /** The upstream's Age when it answered, in seconds. */
  age: number;
  freshForMs: number;
}

/** An answer as it streams: from a proxied side (an IncomingMessage) or one in this process (in-process.ts). */
export type Answer = Pick<Readable, 'on' | 'off' | 'once'> & { statusCode?: number; headers: IncomingHttpHeaders };

const directive = (cacheControl: string, name: string) => new RegExp(`(?:^|,)\\s*${name}\\s*(?:=\\s*"?(\\d+)"?)?\\s*(?:,|$)`, 'i').exec(cacheControl);

/**
 * A shared cache, as a CDN in front of the product would be, for the few GET
 * answers the APIs mark `public` with a `max-age` (the catalogue, the signing
 * keys): the edge answers them from memory, compressed once, with their
 * validator (304 on If-None-Match) and an `Age`, so no browser keeps a copy
 * longer than the APIs allow. Requests that carry credentials, ask for a range
 * or refuse cached answers go to the API as before.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();

  /** Whether this request may be answered from, or fill, the cache. */
  static eligible(request: IncomingMessage): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const { authorization, range, cookie } = request.headers;
    return authorization === undefined && range === undefined && cookie === undefined;
  }

  /** A fresh copy for `key`, unless the request asks for a new answer. */
  lookup(key: string, request: IncomingMessage): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt >= entry.freshForMs) {
      this.entries.delete(key);
      return undefined;
    }
    const refused = `${request.headers['cache-control'] ?? ''},${request.headers.pragma ?? ''}`;
    return /no-cache|no-store|max-age=0/i.test(refused) ? undefined : entry;
  }

  /**
   * Watches an upstream answer to an eligible GET and keeps a copy once it has
   * been read whole, if the upstream allows a shared cache to keep it.
   */
  observe(key: string, request: IncomingMessage, answer: Answer): void {
    if (request.method !== 'GET') return;
    const freshForMs = storableFor(answer.statusCode, answer.headers);
    if (freshForMs === undefined) return;
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return void answer.off('data', collect);
      chunks.push(chunk);
    };
    answer.on('data', collect);
    answer.once('end', () => {
      if (size > MAX_BODY_BYTES || (answer.headers['content-length'] !== undefined && Number(answer.headers['content-length']) !== size)) return;
      this.store(key, answer.headers, Buffer.concat(chunks), freshForMs);
    });
  }

  /** Answers from a copy: 304 when the browser's validator matches, else the body in the encoding it prefers. */
  serve(entry: Entry, request: IncomingMessage, response: ServerResponse): void {
    const age = entry.age + Math.floor((Date.now() - entry.storedAt) / 1000);
    const encoding = entry.br || entry.gzip ? preferredEncoding(request.headers['accept-encoding']) : undefined;
    const body = (encoding && entry[encoding]) || entry.identity;
    const compressed = body !== entry.identity;
    const etag = entry.etag && compressed && !entry.etag.startsWith('W/') ? `W/${entry.etag}` : entry.etag;
    const headers: OutgoingHttpHeaders = {
      ...entry.headers,
      ...(etag ? { etag } : {}),
      age: String(age),
      vary: 'accept-encoding',
      'x-correlation-id': correlationIdOf(request.headers['x-correlation-id']) ?? randomUUID(),
    };
    if (etag && matches(request.headers['if-none-match'], etag)) {
      delete headers['content-type'];
      response.writeHead(304, headers);
      response.end();
      return;
    }
    if (compressed) headers['content-encoding'] = encoding;
    headers['content-length'] = body.length;
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  private store(key: string, upstream: IncomingHttpHeaders, identity: Buffer, freshForMs: number): void {
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = upstream[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const entry: Entry = { headers, etag: headers.etag, identity, storedAt: Date.now(), age: Number(upstream.age ?? 0) || 0, freshForMs };
    delete headers.etag;
    if (identity.length >= COMPRESS_FROM_BYTES) {
      // Once per copy, so at the strongest settings that stay quick on a few kilobytes.
      entry.br = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } });
      entry.gzip = gzipSync(identity, { level: 9 });
    }
    if (!this.entries.has(key) && this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
  }
}

/** How long a shared cache may keep this answer (ms), or undefined if it may not. */
export function storableFor(status: number | undefined, headers: IncomingHttpHeaders): number | undefined {
  if (status !== 200) return undefined;
  const cacheControl = headers['cache-control'] ?? '';
  if (!directive(cacheControl, 'public') || directive(cacheControl, 'private') || directive(cacheControl, 'no-store') || directive(cacheControl, 'no-cache')) {
    return undefined;
  }
  const seconds = Number((directive(cacheControl, 's-maxage') ?? directive(cacheControl, 'max-age'))?.[1] ?? 0) - (Number(headers.age ?? 0) || 0);
  if (!(seconds > 0)) return undefined;
  if (headers['set-cookie'] || headers['content-encoding'] || headers['content-range']) return undefined;
  // A variant chosen by anything but the encoding (which the edge picks itself) cannot be told apart here.
  const vary = (headers.vary ?? '').toLowerCase().split(',').map((name) => name.trim()).filter(Boolean);
  if (vary.some((name) => name !== 'accept-encoding')) return undefined;
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(headers['content-type'] ?? '')) return undefined;
  return seconds * 1000;
}

/** If-None-Match against an ETag, with the weak comparison RFC 9110 prescribes for it. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}
