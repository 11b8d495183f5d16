import { isIPv4 } from 'node:net';
import type { ErrorBody } from '@jokes/contracts';

/**
 * 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`), the
 * form a dual-stack socket reports an IPv4 peer in.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const unmapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(unmapped)) return unmapped.startsWith('127.');
  return address === '::1';
}

export interface DevToolRefusal {
  status: 403 | 404;
  body: ErrorBody;
}

/**
 * Why a development tool (a contract with `devTool: true`: the mailbox, the
 * billing clock) must not answer, or undefined when it may. `addresses` are
 * every hop the request came through, as seen by sockets: the edge passes its
 * socket's peer; an API passes its own socket's peer and the edge's
 * `X-Forwarded-For` (which the edge overwrites, so a client cannot forge it).
 * Every hop must be this machine.
 */
export function devToolRefusal(addresses: readonly (string | undefined)[], env: NodeJS.ProcessEnv): DevToolRefusal | undefined {
  if (env.NODE_ENV === 'production') {
    return { status: 404, body: { error: 'Not Found', message: 'Development tools are off in production.' } };
  }
  if (!addresses.every(isLoopbackAddress)) {
    return { status: 403, body: { error: 'Forbidden', message: 'Development tools answer only requests from this machine (a loopback address).' } };
  }
  return undefined;
}

/** The hops an API sees: its socket's peer, then each address the edge forwarded. */
export function requestHops(socketAddress: string | undefined, forwardedFor: string | string[] | undefined): (string | undefined)[] {
  if (forwardedFor === undefined) return [socketAddress];
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',').map((hop) => hop.trim());
  return [socketAddress, ...forwarded];
}
