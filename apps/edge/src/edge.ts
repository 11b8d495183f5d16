import { createServer, type Server } from 'node:http';
import { sideOfPath, type Side } from '@jokes/contracts';
import { proxy, sendJson } from './proxy.js';
import { serveStatic } from './static-files.js';

export interface EdgeOptions {
  upstreams: Record<Side, URL>;
  /** Health endpoints of every process behind the edge. */
  health: Record<string, URL>;
  webRoot: string;
}

/**
 * The one origin the browser talks to: `/api/*` goes to the command or the query
 * side as the contracts say, everything else is the web app.
 */
export function createEdge(options: EdgeOptions): Server {
  return createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://edge').pathname;
    if (pathname === '/api/health') {
      void health(options.health).then(({ ready, services }) => sendJson(response, ready ? 200 : 503, { status: ready ? 'ok' : 'starting', services }));
      return;
    }
    // The auth service (Supabase-Auth-compatible) is part of the write side.
    if (pathname.startsWith('/auth/v1/')) return proxy(request, response, options.upstreams.command);
    if (pathname.startsWith('/api/') || pathname === '/api') {
      const side = sideOfPath(pathname);
      if (!side) return sendJson(response, 404, { error: 'Not Found', message: `No API at ${pathname}` });
      return proxy(request, response, options.upstreams[side]);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendJson(response, 405, { error: 'Method Not Allowed' });
    void serveStatic(options.webRoot, request, response).catch(() => {
      if (!response.headersSent) sendJson(response, 500, { error: 'Internal Server Error' });
    });
  });
}

async function health(targets: Record<string, URL>): Promise<{ ready: boolean; services: Record<string, string> }> {
  const entries = await Promise.all(
    Object.entries(targets).map(async ([name, url]) => {
      try {
        const answer = await fetch(url, { signal: AbortSignal.timeout(2000) });
        return [name, answer.ok ? 'ok' : `status ${answer.status}`] as const;
      } catch {
        return [name, 'unreachable'] as const;
      }
    }),
  );
  return { ready: entries.every(([, state]) => state === 'ok'), services: Object.fromEntries(entries) };
}
