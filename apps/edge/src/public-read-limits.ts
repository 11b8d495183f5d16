import type { IncomingMessage, ServerResponse } from 'node:http';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { clientKey, intFromEnv, trustedProxiesFromEnv } from '@jokes/server/core';
import { sendJson } from './proxy.js';

const WINDOW_SECONDS = 60;
const POLICY = 'public-jokes';

/**
 * Shared jokes' public pages and cards (`/j/*`), the product's only anonymous
 * reads that reach the database on every request: counted per client (IPv4,
 * IPv6 by /64) in this edge process with rate-limiter-flexible's memory
 * store. Each costs one primary-key lookup (a card is drawn once per joke and
 * size whoever asks), so a count in memory is enough: no query to count a
 * query; behind N edges a client gets N times the limit. A link opened by a
 * person, or fetched once by X's or Facebook's crawler, never comes near it.
 */
export class PublicReadLimits {
  private readonly limiter: RateLimiterMemory | undefined;

  constructor(readonly perMinute: number) {
    this.limiter = perMinute > 0 ? new RateLimiterMemory({ keyPrefix: POLICY, points: perMinute, duration: WINDOW_SECONDS }) : undefined;
  }

  static fromEnv(env: NodeJS.ProcessEnv): PublicReadLimits {
    return new PublicReadLimits(intFromEnv(env, 'RATE_LIMIT_PUBLIC_JOKES_PER_MINUTE', 120));
  }

  /** Counts the request; true when it may go on, else it has been answered 429 with Retry-After and the RateLimit headers. */
  async admit(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    if (!this.limiter) return true;
    const client = clientKey(trustedProxiesFromEnv(process.env).clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for']));
    const policy = `"${POLICY}";q=${this.perMinute};w=${WINDOW_SECONDS}`;
    try {
      const counted = await this.limiter.consume(client);
      response.setHeader('RateLimit-Policy', policy);
      response.setHeader('RateLimit', `"${POLICY}";r=${counted.remainingPoints};t=${toSeconds(counted.msBeforeNext)}`);
      return true;
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const seconds = toSeconds(refusal.msBeforeNext);
      sendJson(
        response,
        429,
        { error: 'Too Many Requests', message: `You're faster than our writers. Try again in ${seconds} seconds.` },
        { 'retry-after': String(seconds), 'ratelimit-policy': policy, ratelimit: `"${POLICY}";r=0;t=${seconds}`, 'cache-control': 'no-store' },
      );
      return false;
    }
  }
}

/** Whole seconds, at least 1: a Retry-After of 0 would invite an immediate resend. */
const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
