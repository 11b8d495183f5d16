import { randomUUID } from 'node:crypto';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { bearerToken } from '@jokes/server';
import type { Request } from 'express';

/** What every auth step needs to know about its request besides the body. */
export interface AuthRequestContext {
  /** The bearer token, if the request carried one (may be the anon key). */
  bearer: string | undefined;
  /**
   * The client's address: the edge overwrites x-forwarded-for with the socket's
   * peer and this process listens on loopback only, so the header is trustworthy.
   */
  ip: string;
  correlationId: string;
  traceparent: string | undefined;
  /** `x-session-lifetime`: the remember-me-off session lifetime in seconds, if asked for. */
  sessionLifetime: string | undefined;
}

const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

export function authRequestContext(request: Request): AuthRequestContext {
  const forwarded = first(request.headers['x-forwarded-for'])?.split(',')[0]?.trim();
  return {
    bearer: bearerToken(request.headers.authorization),
    ip: forwarded || request.socket.remoteAddress || 'unknown',
    correlationId: first(request.headers['x-correlation-id']) || randomUUID(),
    traceparent: first(request.headers.traceparent),
    sessionLifetime: first(request.headers['x-session-lifetime']) ?? (typeof request.query.session_lifetime === 'string' ? request.query.session_lifetime : undefined),
  };
}

export const AuthRequest = createParamDecorator((_data: unknown, context: ExecutionContext): AuthRequestContext =>
  authRequestContext(context.switchToHttp().getRequest<Request>()),
);
