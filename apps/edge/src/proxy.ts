import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload) });
  response.end(payload);
}

/** Streams a request to an upstream and its answer back, tagging it with a correlation id. */
export function proxy(request: IncomingMessage, response: ServerResponse, upstream: URL): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  headers['x-correlation-id'] ??= randomUUID();
  headers['x-forwarded-for'] = request.socket.remoteAddress ?? '';
  headers['x-forwarded-host'] = request.headers.host ?? '';
  headers.host = upstream.host;

  const outgoing = httpRequest(
    { hostname: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers },
    (answer) => {
      const forwarded: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) forwarded[name] = value;
      }
      forwarded['x-correlation-id'] = String(headers['x-correlation-id']);
      response.writeHead(answer.statusCode ?? 502, forwarded);
      answer.pipe(response);
    },
  );
  outgoing.on('error', () => {
    if (!response.headersSent) sendJson(response, 503, { error: 'Service Unavailable', message: 'The service is starting or unavailable. Please try again.' });
    else response.destroy();
  });
  request.pipe(outgoing);
}
