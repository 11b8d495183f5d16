import { clientKey } from '@jokes/server';
import { type CanActivate, type ExecutionContext, HttpException, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { recordVisitorActivityRequest } from '@jokes/contracts';
import type { Request, Response } from 'express';
import { clientAddressOf } from '../http/client-address.js';
import type { Identity, RateLimitName, RateLimitPolicy } from './rate-limit.policies.js';
import { RateLimits, type Verdict } from './rate-limits.js';

type LimitedRequest = Request & { caller?: { userId: string } };

/** The metadata `@RateLimited(name)` leaves on a route: the policy's name. */
export const RATE_LIMITED = 'jokes:rate-limited';

/** The contract's own visitor id (a UUID), read before the handler validates the body. */
const visitorIdField = recordVisitorActivityRequest.shape.visitor_id;

/** The identity a request is counted for, besides its client; none for an anonymous caller. */
function identityOf(identity: Identity, request: LimitedRequest): string | undefined {
  if (identity === 'user') return request.caller?.userId;
  // Only a well-formed id names a counter (anything else is a 400 after this, counted for the client).
  const visitorId = visitorIdField.safeParse((request.body as { visitor_id?: unknown } | undefined)?.visitor_id);
  return visitorId.success ? visitorId.data.toLowerCase() : undefined;
}

/** The IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers, structured fields). */
function setRateLimitHeaders(response: Response, policy: RateLimitPolicy, verdict: Verdict): void {
  response.setHeader('RateLimit-Policy', policy.windows.map((window) => `"${window.name}";q=${window.limit};w=${window.seconds}`).join(', '));
  response.setHeader('RateLimit', `"${verdict.window.name}";r=${verdict.remaining};t=${verdict.resetSeconds}`);
}

const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpException(
    { error: 'Too Many Requests', message: `You're faster than our writers. Try again in ${retryAfterSeconds} seconds.` },
    429,
  );

/** What `@RateLimited(name)` puts on a route: counts the request, answers 429 with Retry-After when over. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    @Inject(RateLimits) private readonly limits: RateLimits,
    @Inject(Reflector) private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const name = this.reflector.get<RateLimitName | undefined>(RATE_LIMITED, context.getHandler());
    if (!name) return true;
    const request = context.switchToHttp().getRequest<LimitedRequest>();
    const response = context.switchToHttp().getResponse<Response>();
    const policy = this.limits.policy(name);
    if (policy.windows.length === 0) return true;
    const verdict = await this.limits.consume(name, { client: clientKey(clientAddressOf(request)), identity: identityOf(policy.identity, request) });
    setRateLimitHeaders(response, policy, verdict);
    if (!verdict.allowed) {
      response.setHeader('Retry-After', String(verdict.resetSeconds));
      throw tooManyRequests(verdict.resetSeconds);
    }
    return true;
  }
}
