import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { CORRELATION_ID_HEADER } from '@jokes/contracts';
import { forwardingHeaders } from './proxy.js';
import type { Answer } from './response-cache.js';

/**
 * A side served in this process (the product's target `all`, `write` or
 * `read`): a Node request handler, such as a Nest application's Express
 * instance. The edge hands it the request it parsed, with no HTTP hop.
 */
export interface InProcessSide {
  handle(request: IncomingMessage, response: ServerResponse): void;
}

export function isInProcess(upstream: URL | InProcessSide): upstream is InProcessSide {
  return !(upstream instanceof URL);
}

/**
 * What `proxy` does for a remote side, in the same process: the request goes on
 * with the target the edge routed on, a correlation id (the client's only if it
 * is a UUID) and the one client address the edge resolved in X-Forwarded-For,
 * so the side reads the request exactly as it would behind the proxy. `observe`
 * sees the answer as it is written (the response cache keeps copies that way).
 */
export function dispatch(side: InProcessSide, request: IncomingMessage, response: ServerResponse, path: string, observe?: (answer: Answer) => void): void {
  const forwarded = forwardingHeaders(request);
  // Node keeps the raw header list beside `headers`; Express reads `headers` only.
  Object.assign(request.headers, forwarded);
  request.url = path;
  response.setHeader('x-correlation-id', forwarded[CORRELATION_ID_HEADER]);
  if (observe) watch(response, observe);
  side.handle(request, response);
}

/**
 * Tees what the handler writes into an `Answer` (status, headers, then the body's
 * chunks), as a proxied answer streams: the cache sees both the same way.
 */
function watch(response: ServerResponse, observe: (answer: Answer) => void): void {
  const copy = new PassThrough() as PassThrough & { statusCode?: number; headers: IncomingHttpHeaders };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    copy.statusCode = response.statusCode;
    copy.headers = lowerCased(response.getHeaders());
    observe(copy);
  };
  const write = response.write.bind(response) as (...args: unknown[]) => boolean;
  const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
  const chunkOf = (chunk: unknown, encoding: unknown) =>
    typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : (chunk as Buffer | undefined);
  // Only while the observer reads: an answer it does not keep (audio, anything not public) is not copied.
  const tee = (buffer: Buffer | undefined) => buffer?.length && copy.listenerCount('data') > 0 && copy.write(buffer);
  response.write = ((chunk: unknown, ...rest: unknown[]) => {
    start();
    tee(chunkOf(chunk, rest[0]));
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  response.end = ((chunk?: unknown, ...rest: unknown[]) => {
    start();
    tee(typeof chunk === 'function' ? undefined : chunkOf(chunk, rest[0]));
    copy.end();
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
}

function lowerCased(headers: ReturnType<ServerResponse['getHeaders']>): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value : String(value);
  }
  return out;
}
