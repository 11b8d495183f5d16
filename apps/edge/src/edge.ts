import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { sideOfPath, type Side } from '@jokes/contracts';
import { log, trustedProxiesFromEnv } from '@jokes/server/core';
import { dispatch, isInProcess, type InProcessSide } from './in-process.js';
import { checkHealth, type HealthSource } from './edge-health.js';
import { devToolRefusalAt } from './dev-tools-guard.js';
import { proxy, sendJson } from './proxy.js';
import { PublicReadLimits } from './public-read-limits.js';
import { parseRequestTarget, type RequestTarget } from './request-target.js';
import { ResponseCache } from './response-cache.js';
import { SecurityHeaders, type SecuritySettings } from './security-headers.js';
import { serveStatic, warmUp, type WebSite } from './static-files.js';

/** A side behind the edge: a process reached over HTTP, or an application in this process (the product's targets). */
export type Upstream = URL | InProcessSide;

export interface EdgeOptions {
  /**
   * Where each side's calls go; the local payment provider's only while it runs
   * (no STRIPE_SECRET_KEY). A scaled-out target serves only its own sides: a
   * call for another is answered 421 (the load balancer routes by side).
   */
  upstreams: Partial<Record<Side, Upstream>>;
  /** Health of every part behind the edge: a process's endpoint, or a part in this process. */
  health: Record<string, HealthSource>;
  /** The web app's build; without it (targets `write`, `backend`) only the API is served. */
  webRoot?: string;
  /** What the Content-Security-Policy allows besides this origin, and whether HSTS is sent; by default none, and no HSTS. */
  security?: SecuritySettings;
  /** WEB_SOURCE_MAPS: serve the web build's source maps. */
  webSourceMaps?: boolean;
}

/**
 * The one origin the browser talks to: `/api/*` goes to the command or the query
 * side, or to the local payment provider, as the contracts say; everything else is the web app. Whatever one
 * request does, it can fail only that request: the target is parsed once up
 * front (400 if it cannot be), and every error after that is caught here.
 */
export function createEdge(options: EdgeOptions): Server {
  const cache = new ResponseCache();
  // A wrong TRUSTED_PROXIES entry stops the start, not the first request.
  trustedProxiesFromEnv(process.env);
  const security = new SecurityHeaders(options.security ?? { https: false, stripe: false });
  const site: WebSite | undefined = options.webRoot ? { root: options.webRoot, sourceMaps: options.webSourceMaps ?? false, security } : undefined;
  if (site) warmUp(site);
  const limits = PublicReadLimits.fromEnv(process.env);
  const server = createServer((request, response) => {
    // Without listeners, a stream error on a dropped connection would be thrown.
    request.on('error', () => undefined);
    response.on('error', () => undefined);
    const target = parseRequestTarget(request.url);
    const side = target && contractPath(target.pathname) ? sideOfPath(target.pathname) : undefined;
    if (target && answersJson(target.pathname, side)) security.apiAnswer(response);
    else security.apply(response);
    if (!target) return badRequest(response);
    try {
      route(options, site, cache, limits, target, side, request, response);
    } catch (error) {
      failed(response, error);
    }
  });
  const securityLines = security.rawLines();
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => answerClientError(error, socket, securityLines));
  return server;
}

/**
 * The command and query APIs' JSON answers, and auth's: they get the headers that
 * matter on JSON (SecurityHeaders.apiAnswer). Not /j/'s public pages and cards, not
 * the local payment provider's pages, and not narration audio, which a browser may
 * open as a media document of its own (the document set's media-src allows it).
 */
function answersJson(pathname: string, side: Side | undefined): boolean {
  if (pathname.startsWith('/auth/v1/')) return true;
  return (side === 'command' || side === 'query') && pathname.startsWith('/api/') && !pathname.startsWith('/api/audio/');
}

/** Paths the contracts route by side: the APIs, and shared jokes' public pages and cards (reads). */
const contractPath = (pathname: string) => pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/j/');

function route(
  options: EdgeOptions,
  site: WebSite | undefined,
  cache: ResponseCache,
  limits: PublicReadLimits,
  target: RequestTarget,
  side: Side | undefined,
  request: IncomingMessage,
  response: ServerResponse,
): void {
  const { pathname } = target;
  if (pathname === '/api/health') {
    void checkHealth(options.health).then(
      (health) => sendJson(response, health.status === 'ok' ? 200 : 503, health),
      (error: unknown) => failed(response, error),
    );
    return;
  }
  const forwarded = pathname + target.search;
  // The auth service (Supabase-Auth-compatible) is part of the write side.
  if (pathname.startsWith('/auth/v1/')) {
    if (!options.upstreams.command) return misdirected(response, 'command');
    return forward(cache, request, response, options.upstreams.command, forwarded);
  }
  if (contractPath(pathname)) {
    if (!side) return sendJson(response, 404, { error: 'Not Found', message: `No API at ${pathname}` });
    const refusal = devToolRefusalAt(request, pathname);
    if (refusal) return sendJson(response, refusal.status, refusal.body);
    const upstream = options.upstreams[side];
    if (!upstream && side === 'local-provider') return sendJson(response, 404, { error: 'Not Found', message: 'The local payment provider is not in use.' });
    if (!upstream) return misdirected(response, side);
    if (pathname.startsWith('/j/')) {
      void limits.admit(request, response).then(
        (admitted) => admitted && forward(cache, request, response, upstream, forwarded),
        (error: unknown) => failed(response, error),
      );
      return;
    }
    return forward(cache, request, response, upstream, forwarded);
  }
  if (!site) return sendJson(response, 404, { error: 'Not Found', message: `Nothing at ${pathname}` });
  if (request.method !== 'GET' && request.method !== 'HEAD') return sendJson(response, 405, { error: 'Method Not Allowed' });
  void serveStatic(site, target.decodedPath, request, response).catch((error: unknown) => failed(response, error));
}

/** To the upstream, unless the edge keeps a fresh copy of what it answered (see ResponseCache). */
function forward(cache: ResponseCache, request: IncomingMessage, response: ServerResponse, upstream: Upstream, path: string): void {
  const send = isInProcess(upstream)
    ? (observe?: Parameters<typeof dispatch>[4]) => dispatch(upstream, request, response, path, observe)
    : (observe?: Parameters<typeof proxy>[4]) => proxy(request, response, upstream, path, observe);
  if (!ResponseCache.eligible(request)) return send();
  const copy = cache.lookup(path, request);
  if (copy) return cache.serve(copy, request, response);
  send((answer) => cache.observe(path, request, answer));
}

/** A call for a side this target does not serve: the load balancer in front routes by side, so this is its mistake, or a client's. */
function misdirected(response: ServerResponse, side: Side): void {
  sendJson(response, 421, { error: 'Misdirected Request', message: `This process does not serve the ${side} side.` });
}

function badRequest(response: ServerResponse): void {
  sendJson(response, 400, { error: 'Bad Request', message: 'The request target is not a valid path.' });
}

function failed(response: ServerResponse, error: unknown): void {
  log('error', 'edge request failed', { error: error instanceof Error ? error.stack : String(error) });
  if (response.headersSent || response.destroyed) return void response.destroy();
  sendJson(response, 500, { error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' });
}

const CLIENT_ERROR_STATUS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/** Requests Node's parser refuses (bad characters, malformed lines) get an answer, not a dropped process. */
function answerClientError(error: Error & { code?: string }, socket: Duplex, securityLines: string): void {
  // Only a socket with no answer under way may get a raw one; otherwise just close it.
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) return void socket.destroy();
  const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? '400 Bad Request';
  const body = JSON.stringify({ error: status.slice(4), message: 'The request could not be parsed.' });
  socket.end(
    `HTTP/1.1 ${status}\r\nconnection: close\r\n${securityLines}content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
