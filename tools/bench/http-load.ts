// A closed-loop HTTP load generator: a fixed number of keep-alive connections,
// each sending its next request as soon as the previous answer has been read
// (what wrk does), for a fixed time. Node's own http client, no packages.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile } from './util.ts';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** A header sent with a new UUID on every request (an Idempotency-Key, as the web sends one per press). */
  freshHeader?: string;
}

export interface LoadFigures {
  requests: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers by status class; anything but 2xx/3xx makes a figure invalid. */
  statuses: Record<string, number>;
  errors: number;
  /** Mean bytes of the answer bodies as sent on the wire. */
  bodyBytes: number;
  /** Every latency in ms, sorted (for combining segments). */
  latencies: Float64Array;
}

export interface LoadOptions {
  baseUrl: string;
  connections: number;
  seconds: number;
  request: LoadRequest;
  /** Looks at each answer (status, headers, body) in the warm-up, to check what is measured. */
  check?: (status: number, headers: Record<string, string | string[] | undefined>, body: Buffer) => void;
}

/** One request on `agent`; resolves with the status and the body (never rejects: errors count). */
function send(
  agent: Agent,
  url: URL,
  load: LoadRequest,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer } | undefined> {
  return new Promise((resolve) => {
    const outgoing = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: load.method,
        path: load.path,
        headers: load.freshHeader ? { ...load.headers, [load.freshHeader]: randomUUID() } : load.headers,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }));
        answer.on('error', () => resolve(undefined));
      },
    );
    outgoing.on('error', () => resolve(undefined));
    outgoing.end(load.body);
  });
}

/** Runs `connections` loops against `baseUrl` for `seconds` (after a short warm-up that is not counted). */
export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const url = new URL(options.baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections, maxFreeSockets: options.connections });
  const load: LoadRequest = {
    ...options.request,
    headers: {
      ...(options.request.body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(options.request.body)) }),
      ...options.request.headers,
    },
  };
  try {
    // Warm-up: open every connection and let the servers' code paths settle.
    const warm = await Promise.all(Array.from({ length: options.connections * 4 }, () => send(agent, url, load)));
    for (const answer of warm) if (answer) options.check?.(answer.status, answer.headers, answer.body);

    let latencies = new Float64Array(1 << 16);
    let count = 0;
    const statuses: Record<string, number> = {};
    let errors = 0;
    let bytes = 0;
    const started = performance.now();
    const deadline = started + options.seconds * 1000;
    let finished = started;
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < deadline) {
          const before = performance.now();
          const answer = await send(agent, url, load);
          const after = performance.now();
          finished = Math.max(finished, after);
          if (!answer) {
            errors++;
            continue;
          }
          const kind = `${Math.floor(answer.status / 100)}xx`;
          statuses[kind] = (statuses[kind] ?? 0) + 1;
          bytes += answer.body.length;
          if (count === latencies.length) {
            const grown = new Float64Array(latencies.length * 2);
            grown.set(latencies);
            latencies = grown;
          }
          latencies[count++] = after - before;
        }
      }),
    );
    const seconds = (finished - started) / 1000;
    const sorted = latencies.slice(0, count).sort();
    return {
      requests: count,
      seconds,
      perSecond: count / seconds,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      statuses,
      errors,
      bodyBytes: count === 0 ? 0 : bytes / count,
      latencies: sorted,
    };
  } finally {
    agent.destroy();
  }
}

/** Several segments of the same load added up: requests/s over all of them, percentiles over all their latencies. */
export function combine(figures: readonly LoadFigures[]): LoadFigures {
  const requests = figures.reduce((sum, figure) => sum + figure.requests, 0);
  const seconds = figures.reduce((sum, figure) => sum + figure.seconds, 0);
  const statuses: Record<string, number> = {};
  for (const figure of figures) for (const [kind, n] of Object.entries(figure.statuses)) statuses[kind] = (statuses[kind] ?? 0) + n;
  const latencies = new Float64Array(requests);
  let offset = 0;
  for (const figure of figures) {
    latencies.set(figure.latencies, offset);
    offset += figure.latencies.length;
  }
  latencies.sort();
  return {
    requests,
    seconds,
    perSecond: requests / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    statuses,
    errors: figures.reduce((sum, figure) => sum + figure.errors, 0),
    bodyBytes: figures.reduce((sum, figure) => sum + figure.bodyBytes * figure.requests, 0) / Math.max(1, requests),
    latencies,
  };
}
