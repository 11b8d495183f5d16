import { CONSISTENT_POSITION_HEADER, position } from '@jokes/contracts';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { selectAccessToken, type AuthRootState } from '../auth/auth.slice';
import { positionObserved, selectConsistentPosition, type ConsistencyRootState } from './consistency.slice';
import { parseBody, toApiError, type ApiError } from './http-error';
import { hasIdempotencyKey, retryDelayMs, withIdempotencyKey } from './idempotency';

/** What an endpoint may ask of the base query besides its request. */
export interface BaseQueryExtraOptions {
  /**
   * A read the server answers from read models but that is sent as a POST
   * (sync-user): it carries the last write's position like any query does.
   */
  consistentRead?: boolean;
}

const fetchQuery = fetchBaseQuery({
  // One origin serves the app and /api (the edge); cookies ride along (SPEC 7).
  credentials: 'include',
  // Read as text so a failure can be reported as "status: body text" (SPEC 8).
  responseHandler: 'text',
  prepareHeaders: (headers, { getState, type, extraOptions }) => {
    headers.set('accept', 'application/json');
    // Every API verifies the bearer token and takes the user from it (DESIGN 7).
    const accessToken = selectAccessToken(getState() as AuthRootState);
    if (accessToken !== null) headers.set('authorization', `Bearer ${accessToken}`);
    const lastWrite = selectConsistentPosition(getState() as ConsistencyRootState);
    const isRead = type === 'query' || (extraOptions as BaseQueryExtraOptions | undefined)?.consistentRead === true;
    if (isRead && lastWrite !== null) headers.set(CONSISTENT_POSITION_HEADER, lastWrite);
    return headers;
  },
});

function positionIn(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('position' in body)) return null;
  const parsed = position.safeParse(body.position);
  return parsed.success ? parsed.data : null;
}

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, BaseQueryExtraOptions, FetchBaseQueryMeta> = async (
  args,
  api,
  extraOptions,
) => {
  const request = api.type === 'mutation' ? withIdempotencyKey(args) : args;
  let result = await fetchQuery(request, api, extraOptions);
  // A keyed command whose answer was lost is sent again with its key (idempotency.ts).
  for (let retry = 1; result.error && hasIdempotencyKey(request); retry++) {
    const failed = toApiError(result.error, result.meta?.response);
    const wait = retryDelayMs(retry, failed.status, result.meta?.response, failed.body);
    if (wait === undefined || api.signal.aborted) break;
    await new Promise((resolve) => setTimeout(resolve, wait));
    result = await fetchQuery(request, api, extraOptions);
  }
  if (result.error) return { error: toApiError(result.error, result.meta?.response), meta: result.meta };

  const body = parseBody(typeof result.data === 'string' ? result.data : '');
  if (api.type === 'mutation') {
    const written = positionIn(body);
    if (written !== null) api.dispatch(positionObserved(written));
  }
  return { data: body ?? null, meta: result.meta };
};

/**
 * The one API of the app; features add endpoints with `injectEndpoints`.
 * Cache rules of SPEC 7: data never goes stale, no refetch on focus or
 * reconnect, no polling, no retries (fetchBaseQuery never retries by itself),
 * except a command's own retries with its Idempotency-Key, which cannot do
 * the work twice.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Joke', 'History', 'Catalogue', 'Subscription'],
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  // Responses are checked against the contracts; a mismatch is an error, not a crash.
  catchSchemaFailure: (error): ApiError => ({
    status: 'PARSING_ERROR',
    message: `Unexpected response from the server (${error.schemaName})`,
  }),
  endpoints: () => ({}),
});
