import { HttpException } from '@nestjs/common';

export interface Unreadable {
  status: number;
  message: string;
}

interface ReadError {
  type?: unknown;
  status?: unknown;
  body?: unknown;
  limit?: unknown;
  message?: unknown;
  /** Set by http-errors, which body-parser and Express use. */
  expose?: unknown;
}

function isJson(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A request the server could not read before any handler ran (body-parser,
 * Express's decoding of path params), as a 4xx and a message the caller can act
 * on. Nest hands these to the filters as an HttpException whose cause is the
 * original error, with the parser's own wording ("Unexpected token 'n', "null"
 * is not valid JSON" for a body that is valid JSON but not an object).
 */
export function unreadableRequest(error: unknown): Unreadable | undefined {
  const original = error instanceof HttpException ? error.cause : error;
  if (original instanceof URIError) return { status: 400, message: 'The path holds a malformed percent-encoding (each %XX sequence must spell UTF-8)' };
  if (!(original instanceof Error)) return undefined;
  const cause = original as Error & ReadError;
  switch (cause.type) {
    case 'entity.parse.failed':
      // body-parser's strict mode reads only objects and arrays: `null`, `5`, `"x"` land here too.
      return { status: 400, message: isJson(cause.body) ? 'The request body must be a JSON object' : 'The request body is not valid JSON' };
    case 'entity.too.large':
      return { status: 413, message: `The request body is too large${typeof cause.limit === 'number' ? ` (at most ${cause.limit} bytes)` : ''}` };
    case 'charset.unsupported':
      return { status: 415, message: 'The request body must be UTF-8 (charset=utf-8)' };
    case 'encoding.unsupported':
      return { status: 415, message: 'The request body has an unsupported Content-Encoding (use gzip, deflate, br or none)' };
    case 'parameters.too.many':
      return { status: 413, message: 'The form has too many fields' };
    case 'request.aborted':
      return { status: 400, message: 'The request body ended early' };
    case 'request.size.invalid':
      return { status: 400, message: 'The request body does not match its Content-Length' };
  }
  const status = typeof cause.status === 'number' ? cause.status : undefined;
  if (typeof cause.expose === 'boolean' && status !== undefined && status >= 400 && status < 500) {
    return { status, message: `The request body could not be read${typeof cause.message === 'string' && cause.message ? ` (${cause.message})` : ''}` };
  }
  return undefined;
}
