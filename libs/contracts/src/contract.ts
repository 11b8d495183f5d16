import { z } from 'zod';
import { pathParam } from './text.schema.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';

/**
 * Which process answers a call: commands append events, queries read read
 * models, and `local-provider` is the local payment provider, an outside
 * system standing in for what Stripe hosts for browsers (it runs only
 * without STRIPE_SECRET_KEY).
 */
export type Side = 'command' | 'query' | 'local-provider';

export interface ContractDefinition<
  TBody extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
> {
  /** Stable name, also the RTK Query endpoint name. */
  name: string;
  method: HttpMethod;
  /** Express-style path: `/api/jokes/:id/rate`. */
  path: string;
  side: Side;
  /**
   * The path's `:name` segments, validated before any handler runs. defineContract
   * makes each one a `pathParam` unless the contract narrows it.
   */
  params?: z.ZodType;
  /** Read models a query reads; the query side waits for them on read-your-writes. */
  reads?: readonly string[];
  /**
   * A development tool (mailbox, billing clock): answered only for requests
   * whose socket is on this machine (loopback), and never in production. The
   * edge enforces it from the socket address, the API again (defence in depth).
   */
  devTool?: boolean;
  /**
   * The body is an outside system's signed document (a payment provider's
   * webhook): its signature vouches for it and it is handled as sent, so the
   * text rules for user input do not refuse it (a refused webhook is lost).
   */
  signedBody?: boolean;
  /**
   * A smaller cap on the body than the product's 100 KB, in bytes (413 beyond):
   * for a route anyone may call without a session, such as analytics batches.
   */
  maxBodyBytes?: number;
  body?: TBody;
  query?: TQuery;
  response: TResponse;
  /** Error bodies by HTTP status, for documentation and typed clients. */
  errors?: Readonly<Record<number, z.ZodType>>;
}

export function defineContract<
  TBody extends z.ZodType = z.ZodUndefined,
  TQuery extends z.ZodType = z.ZodUndefined,
  TResponse extends z.ZodType = z.ZodType,
>(contract: ContractDefinition<TBody, TQuery, TResponse>): ContractDefinition<TBody, TQuery, TResponse> {
  return { ...contract, params: contract.params ?? paramsOfPath(contract.path) };
}

/** `/api/x/:id/:action` -> `{ id: pathParam, action: pathParam }`. */
export function paramsOfPath(path: string): z.ZodType {
  const names = path.split('/').filter((segment) => segment.startsWith(':')).map((segment) => segment.slice(1));
  return z.object(Object.fromEntries(names.map((name) => [name, pathParam])));
}

export type BodyOf<C> = C extends ContractDefinition<infer B, z.ZodType, z.ZodType> ? z.input<B> : never;
export type ParsedBodyOf<C> = C extends ContractDefinition<infer B, z.ZodType, z.ZodType> ? z.output<B> : never;
export type QueryOf<C> = C extends ContractDefinition<z.ZodType, infer Q, z.ZodType> ? z.input<Q> : never;
export type ParsedQueryOf<C> = C extends ContractDefinition<z.ZodType, infer Q, z.ZodType> ? z.output<Q> : never;
export type ResponseOf<C> = C extends ContractDefinition<z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** The body of every 400: the first problem in words, and every field's problems. */
export const validationErrorBody = z.object({
  error: z.literal('Invalid request'),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof validationErrorBody>;

export const errorBody = z.object({ error: z.string(), message: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBody>;

/** Turns a zod failure into the 400 body, naming fields by their path (`length`, `items.0.name`). */
export function toValidationError(error: z.ZodError): ValidationErrorBody {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    (fieldErrors[key] ??= []).push(issue.message);
  }
  const first = error.issues[0];
  const message = first ? `${first.path.length > 0 ? `${first.path.join('.')}: ` : ''}${first.message}` : 'Invalid request';
  return { error: 'Invalid request', message, fieldErrors };
}

/** Header carrying a command's position back to the query side (read your writes). */
export const CONSISTENT_POSITION_HEADER = 'x-consistent-position';
