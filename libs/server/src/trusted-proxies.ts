import { BlockList, isIP, isIPv4 } from 'node:net';

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`, how a dual-stack socket reports an IPv4 peer) as plain IPv4. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped && isIPv4(mapped[1]!) ? mapped[1]! : address;
}

/**
 * TRUSTED_PROXIES: the proxies in front of the edge (a TLS terminator, a CDN),
 * comma-separated addresses and CIDRs, IPv4 and IPv6. Empty: none, and the
 * client is the socket's peer. A wrong entry stops the start, naming it.
 */
export class TrustedProxies {
  private readonly list = new BlockList();
  readonly empty: boolean;

  constructor(value: string | undefined) {
    const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
    this.empty = entries.length === 0;
    for (const entry of entries) {
      const [address = '', prefix, ...rest] = entry.split('/');
      const family = isIP(address);
      const bits = prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix);
      if (family === 0 || rest.length > 0 || !/^\d+$/.test(prefix ?? '0') || bits > (family === 4 ? 32 : 128)) {
        throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR`);
      }
      this.list.addSubnet(address, bits, family === 4 ? 'ipv4' : 'ipv6');
    }
  }

  has(address: string): boolean {
    const plain = unmapped(address.trim());
    const family = isIP(plain);
    return family !== 0 && this.list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  }

  /**
   * The client of a request: walking from the socket's peer leftwards through
   * X-Forwarded-For, the first hop that is not a trusted proxy (every proxy
   * appends who connected to it, so hops left of an untrusted one may be
   * forged). Without trusted proxies, the socket's peer: the header is ignored.
   */
  clientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined): string {
    const socket = socketAddress ?? '';
    if (this.empty || forwardedFor === undefined) return socket;
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',').map((hop) => hop.trim());
    let client = socket;
    for (const hop of [...hops].reverse()) {
      if (!this.has(client)) return client;
      // A proxy we trust wrote something that is not an address: it is the last hop we know.
      if (isIP(unmapped(hop)) === 0) return client;
      client = hop;
    }
    return client;
  }
}

let fromEnv: { value: string | undefined; proxies: TrustedProxies } | undefined;

/** The process's TRUSTED_PROXIES, parsed once per value. */
export function trustedProxiesFromEnv(env: NodeJS.ProcessEnv): TrustedProxies {
  if (fromEnv && fromEnv.value === env.TRUSTED_PROXIES) return fromEnv.proxies;
  const proxies = new TrustedProxies(env.TRUSTED_PROXIES);
  fromEnv = { value: env.TRUSTED_PROXIES, proxies };
  return proxies;
}
