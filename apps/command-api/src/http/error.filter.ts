import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { DomainError } from '@jokes/domain';
import { WrongExpectedVersionError } from '@jokes/event-store';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  domainErrorResponse,
  isDatabaseUnavailable,
  log,
  unreadableRequest,
  validationBody,
} from '@jokes/server';
import type { Request, Response } from 'express';
import { GoTrueErrorFilter } from '../auth/gotrue/gotrue-error.filter.js';
import { BillingProviderError } from '../billing/gateway/billing-gateway.js';
import { ContentSafetyError } from '../jokes/safety/content-safety.port.js';
import { JokeWriterError } from '../jokes/writers/joke-writer.port.js';
import { SpendLimitError } from '../spend/spend-limit.error.js';

/** The one place where failures become HTTP statuses and the SPEC's bodies (domain errors by the table of libs/server). */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    // What reaches this filter on /auth/v1 failed before routing (an unreadable body,
    // no such route): it still answers in GoTrue's shape, which supabase-js reads.
    if (host.switchToHttp().getRequest<Request>().path.startsWith('/auth/v1/')) return new GoTrueErrorFilter().catch(error, host);
    const response = host.switchToHttp().getResponse<Response>();
    const [status, body] = describeError(error);
    if (status === 503 && isDatabaseUnavailable(error)) {
      // Expected while PostgreSQL restarts: one line, not a stack per request.
      log('warn', 'database unavailable', { error: error instanceof Error ? error.message : String(error) });
      response.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    } else if (error instanceof SpendLimitError) {
      // When the budget frees: the web does not resend a command whose wait is this long.
      response.setHeader('Retry-After', String(error.retryAfterSeconds));
    } else if (error instanceof BillingProviderError) {
      log('error', 'billing provider failed', { operation: error.operation, error: error.message });
    } else if (status >= 500) log('error', 'request failed', { status, error: error instanceof Error ? error.stack : String(error) });
    response.status(status).json(body);
  }
}

/** The status and body a failure answers outside `/auth/v1`. */
export function describeError(error: unknown): [number, object] {
  const unreadable = unreadableRequest(error);
  if (unreadable) return [unreadable.status, validationBody([], unreadable.message)];
  if (error instanceof DomainError) {
    const { status, body } = domainErrorResponse(error);
    return [status, body];
  }
  if (error instanceof WrongExpectedVersionError) {
    return [409, { error: 'Conflict', message: 'Someone else changed this at the same time. Please try again.' }];
  }
  if (error instanceof SpendLimitError) return [error.status, { error: error.title, message: error.message }];
  // A moderator that could not judge fails like a writer that could not write: nothing unjudged is shown.
  if (error instanceof JokeWriterError || error instanceof ContentSafetyError) {
    return [error.retryable ? 503 : 502, { error: 'Failed to generate joke', message: 'Failed to generate joke' }];
  }
  if (error instanceof BillingProviderError) {
    return [502, { error: error.userMessage, message: 'The payment provider did not answer. Nothing was charged; please try again.' }];
  }
  if (isDatabaseUnavailable(error)) {
    return [503, { error: 'Service Unavailable', message: DATABASE_UNAVAILABLE_MESSAGE }];
  }
  if (error instanceof HttpException) {
    const body = error.getResponse();
    return [error.getStatus(), typeof body === 'string' ? { error: body } : body];
  }
  // body-parser's own errors (malformed JSON, too large) carry a 4xx status.
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = status === 400 ? 'The request body is not valid JSON' : (error as Error).message;
    return [status, { error: 'Invalid request', message, fieldErrors: {} }];
  }
  return [500, { error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' }];
}
