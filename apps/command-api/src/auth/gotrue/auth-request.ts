import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { CommandOrigin } from '@jokes/event-store';
import { bearerToken } from '@jokes/server';
import type { Request } from 'express';
import { clientAddressOf } from '../../http/client-address.js';
import { commandOrigin } from '../../http/command-origin.js';

/** What every auth step needs to know about its request besides the body: where it came from, and its credentials. */
export interface AuthRequestContext extends CommandOrigin {
  /** The bearer token, if the request carried one (may be the anon key). */
  bearer: string | undefined;
  /** The client's address as the edge resolved it (see clientAddressOf). */
  ip: string;
  /** `x-session-lifetime`: the remember-me-off session lifetime in seconds, if asked for. */
  sessionLifetime: string | undefined;
}

const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

export function authRequestContext(request: Request): AuthRequestContext {
  return {
    ...commandOrigin(request),
    bearer: bearerToken(request.headers.authorization),
    ip: clientAddressOf(request),
    sessionLifetime: first(request.headers['x-session-lifetime']) ?? (typeof request.query.session_lifetime === 'string' ? request.query.session_lifetime : undefined),
  };
}

export const AuthRequest = createParamDecorator((_data: unknown, context: ExecutionContext): AuthRequestContext =>
  authRequestContext(context.switchToHttp().getRequest<Request>()),
);
