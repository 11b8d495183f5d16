import { type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AUTH_SETTINGS, type AuthSettings } from '../auth-settings.js';
import { AuthErrors } from './gotrue-error.js';

const OPEN = 'auth:open-without-api-key';

/** Routes Supabase's gateway leaves open: links clicked in mails, key discovery, health. */
export const OpenWithoutApiKey = () => SetMetadata(OPEN, true);

/** Every other `/auth/v1` route needs the project's `apikey`, as behind GoTrue's gateway. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.reflector.getAllAndOverride<boolean>(OPEN, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const header = request.headers.apikey;
    const key = (Array.isArray(header) ? header[0] : header) ?? (typeof request.query.apikey === 'string' ? request.query.apikey : undefined);
    if (!key) throw AuthErrors.noApiKey();
    if (key !== this.settings.anonKey) throw AuthErrors.invalidApiKey();
    return true;
  }
}
