import { type ArgumentsHost, Catch } from '@nestjs/common';
import { DomainError } from '@jokes/domain';
import { WrongExpectedVersionError } from '@jokes/event-store';
import { answerError, domainErrorResponse, ErrorFilter, type ErrorFilterOptions } from '@jokes/server';
import type { Request } from 'express';
import { GoTrueErrorFilter } from '../auth/gotrue/gotrue-error.filter.js';
import { BillingProviderError } from '../billing/gateway/billing-gateway.js';
import { ContentSafetyError } from '../jokes/safety/content-safety.port.js';
import { JokeWriterError } from '../jokes/writers/joke-writer.port.js';
import { SpendLimitError } from '../spend/spend-limit.error.js';

/** The command API's own failures, on the ladder every Nest app shares (libs/server). */
const COMMAND_ERRORS: ErrorFilterOptions = {
  matchers: [
    (error) => (error instanceof DomainError ? domainErrorResponse(error) : undefined),
    (error) =>
      error instanceof WrongExpectedVersionError
        ? { status: 409, body: { error: 'Conflict', message: 'Someone else changed this at the same time. Please try again.' } }
        : undefined,
    // When the budget frees: the web does not resend a command whose wait is this long.
    (error) =>
      error instanceof SpendLimitError
        ? { status: error.status, body: { error: error.title, message: error.message }, retryAfterSeconds: error.retryAfterSeconds, log: null }
        : undefined,
    // A moderator that could not judge fails like a writer that could not write: nothing unjudged is shown.
    (error) =>
      error instanceof JokeWriterError || error instanceof ContentSafetyError
        ? { status: error.retryable ? 503 : 502, body: { error: 'Failed to generate joke', message: 'Failed to generate joke' } }
        : undefined,
    (error) =>
      error instanceof BillingProviderError
        ? {
            status: 502,
            body: { error: error.userMessage, message: 'The payment provider did not answer. Nothing was charged; please try again.' },
            log: ['error', 'billing provider failed', { operation: error.operation, error: error.message }],
          }
        : undefined,
  ],
  lastMatchers: [
    // body-parser's own errors (malformed JSON, too large) carry a 4xx status.
    (error) => {
      const status = (error as { status?: unknown } | null)?.status;
      if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
      const message = status === 400 ? 'The request body is not valid JSON' : (error as Error).message;
      return { status, body: { error: 'Invalid request', message, fieldErrors: {} } };
    },
  ],
  failureLog: 'request failed',
  logEveryServerError: true,
};

/** The one place where failures become HTTP statuses and the SPEC's bodies (domain errors by the table of libs/server). */
@Catch()
export class CommandErrorFilter extends ErrorFilter {
  constructor() {
    super(COMMAND_ERRORS);
  }

  override catch(error: unknown, host: ArgumentsHost): void {
    // What reaches this filter on /auth/v1 failed before routing (an unreadable body,
    // no such route): it still answers in GoTrue's shape, which supabase-js reads.
    if (host.switchToHttp().getRequest<Request>().path.startsWith('/auth/v1/')) return new GoTrueErrorFilter().catch(error, host);
    super.catch(error, host);
  }
}

/** The status and body a failure answers outside `/auth/v1`. */
export function describeError(error: unknown): [number, object] {
  const { status, body } = answerError(error, COMMAND_ERRORS);
  return [status, body];
}
