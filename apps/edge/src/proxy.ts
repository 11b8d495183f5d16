import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { CORRELATION_ID_HEADER, correlationIdOf } from '@jokes/contracts';
import { log, trustedProxiesFromEnv } from '@jokes/server/core';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  response.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload) });
  response.end(payload);
}

/**
 * What the edge tells a side about a request, whether the side is behind the
 * proxy or in this process: a correlation id (echoed in the answer and kept in
 * events' metadata, so a client's goes on only if it is a UUID), the one client
 * address the edge resolved (overwritten, never appended: the APIs read the
 * client from it for rate limits, so a client cannot name itself), and the host
 * the client asked for.
 */
export function forwardingHeaders(request: IncomingMessage): { [CORRELATION_ID_HEADER]: string; 'x-forwarded-for': string; 'x-forwarded-host': string } {
  return {
    [CORRELATION_ID_HEADER]: correlationIdOf(request.headers[CORRELATION_ID_HEADER]) ?? randomUUID(),
    'x-forwarded-for': trustedProxiesFromEnv(process.env).clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for']),
    'x-forwarded-host': request.headers.host ?? '',
  };
}

/**
 * Streams a request to an upstream and its answer back, tagging it with a
 * correlation id. `path` is the target the edge parsed and routed on, so the
 * upstream sees exactly what the routing decision was made for. `observe` sees
 * the answer as it streams (the response cache keeps copies that way).
 * X-Forwarded-For carries the one client address the edge resolved (see TrustedProxies).
 */
export function proxy(request: IncomingMessage, response: ServerResponse, upstream: URL, path: string, observe?: (answer: IncomingMessage) => void): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  Object.assign(headers, forwardingHeaders(request));
  headers.host = upstream.host;

  const outgoing = httpRequest({ hostname: upstream.hostname, port: upstream.port, method: request.method, path, headers }, (answer) => {
    const forwarded: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      // X-Powered-By tells an attacker which framework (and its flaws) to try: not passed on.
      if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'x-powered-by') forwarded[name] = value;
    }
    forwarded['x-correlation-id'] = String(headers[CORRELATION_ID_HEADER]);
    // An upstream that dies mid-answer can only cut this one answer short.
    answer.on('error', () => response.destroy());
    response.writeHead(answer.statusCode ?? 502, forwarded);
    observe?.(answer);
    answer.pipe(response);
  });
  outgoing.on('error', (error) => {
    if (response.headersSent || response.destroyed) return void response.destroy();
    log('warn', 'upstream unavailable', { upstream: upstream.host, error: error.message });
    sendJson(
      response,
      503,
      { error: 'Service Unavailable', message: 'The service is starting or unavailable. Please try again.' },
      { 'retry-after': '2' },
    );
  });
  // A client that goes away mid-request or mid-answer frees the upstream call too.
  request.on('error', () => outgoing.destroy());
  response.on('close', () => {
    if (!response.writableFinished) outgoing.destroy();
  });
  request.pipe(outgoing);
}
