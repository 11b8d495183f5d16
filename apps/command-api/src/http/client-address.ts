import type { Request } from 'express';

const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/**
 * The client's address as the edge resolved it: the edge overwrites
 * X-Forwarded-For with the one address it decided on (its socket's peer, or
 * with TRUSTED_PROXIES the right-most hop that is not one of them) and this
 * process listens on loopback only, so the header is trustworthy here.
 */
export function clientAddressOf(request: Pick<Request, 'headers' | 'socket'>): string {
  const forwarded = first(request.headers['x-forwarded-for'])?.split(',')[0]?.trim();
  return forwarded || request.socket.remoteAddress || 'unknown';
}
