import { type ArgumentsHost, type ExceptionFilter, HttpException } from '@nestjs/common';
import { log, type LogLevel } from '../log.js';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../database-unavailable.js';
import { validationBody } from './parse.js';
import { unreadableRequest } from './unreadable-request.js';

/** The part of Express's response the filter writes. */
interface Response {
  setHeader(name: string, value: string): unknown;
  status(code: number): { json(body: unknown): unknown };
}

/** What a failure answers, and what it does besides. */
export interface ErrorAnswer {
  readonly status: number;
  readonly body: object;
  /** Sent as Retry-After: when asking again may succeed. */
  readonly retryAfterSeconds?: number;
  /** The line this failure logs instead of the filter's own; `null` logs nothing. */
  readonly log?: readonly [LogLevel, string, Record<string, unknown>] | null;
}

/** One app's own kind of failure: its answer, or undefined when the error is not of that kind. */
export type ErrorMatcher = (error: unknown) => ErrorAnswer | undefined;

export interface ErrorFilterOptions {
  /** Tried in order after an unreadable request, before a database outage and Nest's HttpException. */
  readonly matchers?: readonly ErrorMatcher[];
  /** Tried in order after Nest's HttpException, before the 500. */
  readonly lastMatchers?: readonly ErrorMatcher[];
  /** The message of the error line a failure answering 5xx logs with its stack. */
  readonly failureLog: string;
  /** Log every 5xx answer that has no line of its own (with its status), not only the unexpected 500. */
  readonly logEveryServerError?: boolean;
}

const UNEXPECTED: ErrorAnswer = {
  status: 500,
  body: { error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' },
};

/**
 * The status ladder every Nest app shares: an unreadable request (4xx that says why),
 * the app's own failures, PostgreSQL down (503 to retry), Nest's HttpException, then 500.
 */
export function answerError(error: unknown, options: ErrorFilterOptions): ErrorAnswer {
  const unreadable = unreadableRequest(error);
  if (unreadable) return { status: unreadable.status, body: validationBody([], unreadable.message) };
  const own = firstMatch(error, options.matchers);
  if (own) return own;
  if (isDatabaseUnavailable(error)) return { status: 503, body: { error: 'Service Unavailable', message: DATABASE_UNAVAILABLE_MESSAGE } };
  if (error instanceof HttpException) {
    const body = error.getResponse();
    return { status: error.getStatus(), body: typeof body === 'string' ? { error: body } : body };
  }
  return firstMatch(error, options.lastMatchers) ?? UNEXPECTED;
}

function firstMatch(error: unknown, matchers: readonly ErrorMatcher[] = []): ErrorAnswer | undefined {
  for (const match of matchers) {
    const answer = match(error);
    if (answer) return answer;
  }
  return undefined;
}

/** The one error filter of the Nest apps; each app names its own failures in the options (a subclass with `@Catch()`). */
export class ErrorFilter implements ExceptionFilter {
  constructor(private readonly options: ErrorFilterOptions) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const answer = answerError(error, this.options);
    if (answer.status === 503 && isDatabaseUnavailable(error)) {
      // Expected while PostgreSQL restarts: one line, not a stack per request.
      log('warn', 'database unavailable', { error: error instanceof Error ? error.message : String(error) });
      response.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    } else {
      if (answer.retryAfterSeconds !== undefined) response.setHeader('Retry-After', String(answer.retryAfterSeconds));
      if (answer.log) log(...answer.log);
      else if (answer.log === undefined) this.logFailure(answer, error);
    }
    response.status(answer.status).json(answer.body);
  }

  private logFailure(answer: ErrorAnswer, error: unknown): void {
    const stack = error instanceof Error ? error.stack : String(error);
    if (this.options.logEveryServerError) {
      if (answer.status >= 500) log('error', this.options.failureLog, { status: answer.status, error: stack });
    } else if (answer === UNEXPECTED) log('error', this.options.failureLog, { error: stack });
  }
}
