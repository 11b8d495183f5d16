import { matchContract } from '@jokes/contracts';

/** The probes every supervisor and the edge send all the time: tracing them would bury the requests people make. */
export function isHealthCheck(url: string | undefined): boolean {
  const pathname = (url ?? '').split('?', 1)[0];
  return pathname === '/health' || pathname === '/api/health';
}

// Auth routes are fixed words (token, user, verify, .well-known/jwks.json); anything
// with a digit or another shape is left unnamed rather than risk ids in span names.
const AUTH_ROUTE = /^\/auth\/v1\/[a-z.][a-z./_-]{0,40}$/;

/**
 * The route template of a request (`/api/jokes/:id/rate`), from the same
 * contracts the edge routes by, so span names stay few and free of ids.
 * `undefined` for what is not an API call (the web app's files, unknown paths).
 */
export function httpRoute(method: string | undefined, url: string | undefined): string | undefined {
  const pathname = (url ?? '').split('?', 1)[0] ?? '';
  if (AUTH_ROUTE.test(pathname)) return pathname;
  return matchContract(method ?? 'GET', pathname)?.contract.path;
}
