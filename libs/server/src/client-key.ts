import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a client is counted and remembered by: its IPv4 address, or the /64
 * prefix of its IPv6 address. One IPv6 subscriber usually holds a whole /64
 * (2^64 addresses), so counting single IPv6 addresses would let one machine be
 * a new client on every request.
 */
export function clientKey(ip: string): string {
  const address = ip.trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
  return address || 'unknown';
}

/** The eight 16-bit groups of a valid IPv6 address, lower-case, without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  // A dotted IPv4 tail (::1.2.3.4) is two groups.
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}
