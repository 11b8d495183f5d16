import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import { DomainError } from '@jokes/domain';
import { WrongExpectedVersionError } from '@jokes/event-store';
import { answerError, domainErrorResponse, ErrorFilter, type ErrorFilterOptions, type ErrorMatcher } from '@jokes/server';
import type { Request, Response } from 'express';
import { markFailureAnswer } from './failure-answer.js';

/**
 * What an area adds to the command API's failures: the answers to its own errors,
 * and a path it answers in a shape of its own. Each area declares its errors
 * beside them and the composition root hands them all here, so this filter
 * knows no feature.
 */
export interface AreaErrors {
  readonly matchers?: readonly ErrorMatcher[];
  /** What reaches this filter under `prefix` (failed before routing: an unreadable body, no such route) goes to `filter`. */
  readonly path?: { readonly prefix: string; readonly filter: ExceptionFilter };
}

/** The failures every area shares, on the ladder every Nest app shares (libs/server). */
const COMMAND_ERRORS: ErrorFilterOptions = {
  matchers: [
    (error) => (error instanceof DomainError ? domainErrorResponse(error) : undefined),
    (error) =>
      error instanceof WrongExpectedVersionError
        ? { status: 409, body: { error: 'Conflict', message: 'Someone else changed this at the same time. Please try again.' } }
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

/** The areas' failures after the shared ones. */
function commandErrors(areas: readonly AreaErrors[]): ErrorFilterOptions {
  return { ...COMMAND_ERRORS, matchers: [...COMMAND_ERRORS.matchers!, ...areas.flatMap((area) => area.matchers ?? [])] };
}

/** The one place where failures become HTTP statuses and the SPEC's bodies (domain errors by the table of libs/server). */
@Catch()
export class CommandErrorFilter extends ErrorFilter {
  constructor(private readonly areas: readonly AreaErrors[]) {
    super(commandErrors(areas));
  }

  override catch(error: unknown, host: ArgumentsHost): void {
    // A keyed command keeps nothing of a request that threw (see IdempotencyMiddleware).
    markFailureAnswer(host.switchToHttp().getResponse<Response>());
    const path = host.switchToHttp().getRequest<Request>().path;
    const own = this.areas.find((area) => area.path && path.startsWith(area.path.prefix));
    if (own) return own.path!.filter.catch(error, host);
    super.catch(error, host);
  }
}

/** The status and body a failure answers outside the areas' own paths. */
export function describeError(error: unknown, areas: readonly AreaErrors[]): [number, object] {
  const { status, body } = answerError(error, commandErrors(areas));
  return [status, body];
}
