import {
  BadRequestException,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { findUnsafeInput, matchContract } from '@jokes/contracts';
import { parseOrBadRequest, validationBody } from './parse.js';

interface IncomingRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  params?: Record<string, string>;
  query?: unknown;
  body?: unknown;
  /** The body's bytes as body-parser read them (after any Content-Encoding), where the app keeps them (`rawBody: true`). */
  rawBody?: unknown;
}

/** True when the request came with a body (a length above zero or a chunked one) where one is read. */
function carriesBody(request: IncomingRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const length = Number(request.headers['content-length'] ?? 0);
  return length > 0 || request.headers['transfer-encoding'] !== undefined;
}

const SEND_JSON = 'Send the request body as JSON (Content-Type: application/json)';

/** `application/json`, with parameters or without (a charset other than UTF-8 is the body parser's 415). */
const isJsonType = (contentType: string | string[] | undefined): boolean =>
  typeof contentType === 'string' && /^application\/json\s*(;|$)/i.test(contentType.trim());

/**
 * `/api` reads JSON bodies only. A form, text/plain or multipart body is what
 * a page on another site can make a browser send without asking (a "simple"
 * request, no CORS preflight), so accepting it would let any page generate
 * jokes in its visitors' names. `/auth/v1` keeps GoTrue's forms; the payment
 * provider's webhook is read raw for its signature.
 */
function refusesBodyType(request: IncomingRequest, signedBody: boolean): boolean {
  return request.path.startsWith('/api/') && !signedBody && carriesBody(request) && !isJsonType(request.headers['content-type']);
}

/**
 * The size of the body as read: its raw bytes where the app keeps them, else
 * the parsed JSON written out again (no larger than what was sent, so the
 * fallback never refuses a body that was within the limit).
 */
function bodyBytes(request: IncomingRequest): number {
  if (Buffer.isBuffer(request.rawBody)) return request.rawBody.length;
  return request.body === undefined ? 0 : Buffer.byteLength(JSON.stringify(request.body));
}

/**
 * Runs before every handler of both APIs, the auth service's too. A body on
 * `/api` must be JSON (415 otherwise, before anything runs). The path
 * params are parsed by the request's contract (each one a `pathParam`), and
 * every string of the query and the body, however deeply nested, must pass the
 * contracts' `text()` rule: a NUL or a lone surrogate is a 400 naming the field
 * here, never a PostgreSQL error (500) inside a handler. The controllers then
 * parse the query and body by their contracts as before.
 */
@Injectable()
export class RequestInputGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<IncomingRequest>();
    const contract = matchContract(request.method, request.path)?.contract;
    const params = contract?.params;
    if (params) parseOrBadRequest(params, request.params);
    else this.check('path', request.params);
    this.check('query', request.query);
    if (refusesBodyType(request, contract?.signedBody === true)) {
      throw new UnsupportedMediaTypeException({ error: 'Unsupported Media Type', message: SEND_JSON });
    }
    // No parser took the body (text/plain, multipart, ... on /auth/v1): say so, rather than "field X is missing".
    if (request.body === undefined && carriesBody(request)) throw new UnsupportedMediaTypeException(validationBody([], SEND_JSON));
    // A contract's own smaller cap (the 100 KB of body-parser applies to all).
    if (contract?.maxBodyBytes !== undefined && bodyBytes(request) > contract.maxBodyBytes) {
      throw new PayloadTooLargeException(validationBody([], `The request body is too large (at most ${contract.maxBodyBytes} bytes)`));
    }
    if (!contract?.signedBody) this.check('body', request.body);
    return true;
  }

  private check(part: string, value: unknown): void {
    const unsafe = findUnsafeInput(value);
    if (unsafe) throw new BadRequestException(validationBody(unsafe.path.length > 0 ? unsafe.path : [part], unsafe.reason));
  }
}
