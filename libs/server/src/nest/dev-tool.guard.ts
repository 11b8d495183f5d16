import { type CanActivate, type ExecutionContext, HttpException, Injectable } from '@nestjs/common';
import { devToolRefusal, requestHops } from '../dev-tools.js';

interface RequestWithSocket {
  socket: { remoteAddress?: string };
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The API's own check for a development tool's routes, behind the edge's:
 * the APIs listen on 127.0.0.1, so a remote caller arrives through the edge,
 * which names it in `X-Forwarded-For`.
 */
@Injectable()
export class DevToolGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<RequestWithSocket>();
    const refusal = devToolRefusal(requestHops(request.socket.remoteAddress, request.headers['x-forwarded-for']), process.env);
    if (refusal) throw new HttpException(refusal.body, refusal.status);
    return true;
  }
}
