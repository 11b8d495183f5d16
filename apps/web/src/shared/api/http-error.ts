import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export type ApiErrorStatus = number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';

/** Every failed call in one serialisable shape (it is kept in the store). */
export interface ApiError {
  status: ApiErrorStatus;
  /** SPEC 8: the status code, a colon, then the body text, or the status text when the body is empty. */
  message: string;
  /** The response body: parsed when it is JSON, else the raw text; absent without a response. */
  body?: unknown;
  /** The answer's Retry-After in seconds (a 429 of the rate limits, a 503), when it named a number of them. */
  retryAfterSeconds?: number;
}

function retryAfterOf(response: Response | undefined): { retryAfterSeconds?: number } {
  const seconds = Number(response?.headers.get('retry-after') ?? Number.NaN);
  return Number.isInteger(seconds) && seconds >= 0 ? { retryAfterSeconds: seconds } : {};
}

export function httpErrorMessage(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText.trim() === '' ? statusText : bodyText}`;
}

/** JSON when the text is JSON; the text itself otherwise; undefined when empty. */
export function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** fetchBaseQuery's error (read with the 'text' response handler) to an ApiError. */
export function toApiError(error: FetchBaseQueryError, response?: Response): ApiError {
  if (typeof error.status === 'number') {
    const text = typeof error.data === 'string' ? error.data : '';
    return {
      status: error.status,
      message: httpErrorMessage(error.status, text, response?.statusText ?? ''),
      body: parseBody(text),
      ...retryAfterOf(response),
    };
  }
  if (error.status === 'PARSING_ERROR') {
    return { status: error.status, message: `${error.originalStatus}: ${error.error}`, body: error.data };
  }
  return { status: error.status, message: error.error };
}

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'message' in value &&
    typeof value.message === 'string' &&
    (typeof value.status === 'number' || typeof value.status === 'string')
  );
}
