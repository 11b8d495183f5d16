import {
  type CanActivate,
  SetMetadata,
  createParamDecorator,
  type ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { bearerToken, InvalidTokenError, TokenVerifier, type Caller } from '../auth/token-verifier.js';

const READS_OWN_TOKEN = 'jokes:reads-own-token';

/**
 * For the auth service's own routes: they read the Authorization header
 * themselves (supabase-js sends the anon key there, or a token that may have
 * expired on logout), so the product-wide guard leaves them alone.
 */
export const ReadsOwnToken = () => SetMetadata(READS_OWN_TOKEN, true);

interface RequestWithCaller {
  headers: Record<string, string | string[] | undefined>;
  caller?: Caller;
}

/**
 * Runs on every request: a bearer token, when sent, must verify (else 401) and
 * becomes the request's caller. Endpoints decide whether a caller is required.
 */
@Injectable()
export class CallerGuard implements CanActivate {
  constructor(
    @Inject(TokenVerifier) private readonly verifier: TokenVerifier,
    @Inject(Reflector) private readonly reflector: Reflector,
  ) {}

  /** Synchronous without a token: Nest awaits only a promise. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(READS_OWN_TOKEN, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<RequestWithCaller>();
    const token = bearerToken(request.headers.authorization);
    if (!token) return true;
    return this.identify(request, token);
  }

  private async identify(request: RequestWithCaller, token: string): Promise<boolean> {
    try {
      request.caller = await this.verifier.verify(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        throw new UnauthorizedException({ error: 'Unauthorized', message: 'Your session has expired or is invalid. Please log in again.' });
      }
      throw error;
    }
    return true;
  }
}

/** The verified caller, or undefined for an anonymous request. */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller | undefined => {
  return context.switchToHttp().getRequest<RequestWithCaller>().caller;
});

export function requireCaller(caller: Caller | undefined): Caller {
  if (!caller) throw new UnauthorizedException({ error: 'Unauthorized', message: 'Please log in to continue.' });
  return caller;
}

/** A user id named in a body or query must be the caller's own (DESIGN.md decision 7). */
export function assertOwnUserId(caller: Caller | undefined, userId: string | null | undefined): void {
  if (userId === undefined || userId === null) return;
  const who = requireCaller(caller);
  if (who.userId !== userId) {
    throw new ForbiddenException({ error: 'Forbidden', message: "You can only act on your own account." });
  }
}

/** The caller, who must hold one of the roles (from the token's app_metadata.roles); 403 otherwise. */
export function requireAnyRole(caller: Caller | undefined, roles: readonly string[], message: string): Caller {
  const who = requireCaller(caller);
  if (!who.roles.some((role) => roles.includes(role))) throw new ForbiddenException({ error: 'Forbidden', message });
  return who;
}

/** The caller themselves, or support staff looking at someone's account. */
export function requireSelfOrSupport(caller: Caller | undefined, userId: string): Caller {
  const who = requireCaller(caller);
  if (who.userId !== userId && !who.roles.some((role) => role === 'support' || role === 'admin')) {
    throw new ForbiddenException({ error: 'Forbidden', message: 'You can only act on your own account.' });
  }
  return who;
}
