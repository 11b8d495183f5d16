import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { AccountPendingDeletionError, AgeConfirmationRequiredError, DomainError, EmailNotConfirmedError, UserNotFoundError } from '@jokes/domain';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, log, unreadableRequest } from '@jokes/server';
import type { Response } from 'express';
import { AuthErrors, GoTrueError } from './gotrue-error.js';

/** Failures of `/auth/v1/*` in GoTrue's shape; the product's own filter speaks the SPEC's. */
@Catch()
export class GoTrueErrorFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const failure = toGoTrueError(error);
    if (failure.status === 503) response.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    else if (failure.status >= 500) log('error', 'auth request failed', { error: error instanceof Error ? error.stack : String(error) });
    response.status(failure.status).json(failure.body());
  }
}

export function toGoTrueError(error: unknown): GoTrueError {
  if (error instanceof GoTrueError) return error;
  // PostgreSQL restarting: worth retrying in a moment, unlike a 500 (libs/server database-unavailable.ts).
  if (isDatabaseUnavailable(error)) return new GoTrueError(503, 'service_unavailable', DATABASE_UNAVAILABLE_MESSAGE);
  const unreadable = unreadableRequest(error);
  if (unreadable) return new GoTrueError(unreadable.status, 'validation_failed', unreadable.message);
  if (error instanceof EmailNotConfirmedError) return AuthErrors.emailNotConfirmed();
  if (error instanceof AccountPendingDeletionError) return AuthErrors.accountPendingDeletion(error.message);
  if (error instanceof AgeConfirmationRequiredError) return AuthErrors.unprocessable(error.message);
  if (error instanceof UserNotFoundError) return AuthErrors.userNotFound();
  if (error instanceof DomainError) return new GoTrueError(422, error.code, error.message);
  if (error instanceof HttpException && error.getStatus() < 500) {
    return new GoTrueError(error.getStatus(), 'validation_failed', error.message);
  }
  // body-parser's own errors (malformed JSON, too large) carry a 4xx status.
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new GoTrueError(status, 'validation_failed', 'Could not read the request body as JSON');
  }
  return new GoTrueError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
}
