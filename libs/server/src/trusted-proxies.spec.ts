import { describe, expect, it } from '@jest/globals';
import { TrustedProxies } from './trusted-proxies.js';

describe('TrustedProxies', () => {
  const proxies = new TrustedProxies('10.0.0.0/8, 192.0.2.1, 2001:db8:cd::/48');

  it('takes the client from the right-most untrusted X-Forwarded-For hop', () => {
    // The client forged the left-most hop; the CDN (2001:db8:cd::7) and the TLS proxy (10.0.0.5) appended the rest.
    expect(proxies.clientAddress('10.0.0.5', '6.6.6.6, 203.0.113.9, 2001:db8:cd::7')).toBe('203.0.113.9');
    expect(proxies.clientAddress('::ffff:192.0.2.1', ['198.51.100.4', '10.1.2.3'])).toBe('198.51.100.4');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(proxies.clientAddress('203.0.113.9', '10.0.0.1')).toBe('203.0.113.9');
  });

  it('ignores X-Forwarded-For without TRUSTED_PROXIES', () => {
    expect(new TrustedProxies(undefined).clientAddress('203.0.113.9', '198.51.100.4')).toBe('203.0.113.9');
    expect(new TrustedProxies('').clientAddress('::1', '198.51.100.4')).toBe('::1');
  });

  it('stops at the nearest proxy when a trusted hop wrote something that is not an address', () => {
    expect(proxies.clientAddress('10.0.0.5', 'unknown')).toBe('10.0.0.5');
  });

  it('answers the left-most hop when every hop is a trusted proxy', () => {
    expect(proxies.clientAddress('10.0.0.5', '10.0.0.9')).toBe('10.0.0.9');
  });

  it.each(['10.0.0.0/33', 'localhost', '10.0.0.1/8/1', '::1/129', '10.0.0.0/x'])('refuses the entry %s naming it', (entry) => {
    expect(() => new TrustedProxies(`127.0.0.1,${entry}`)).toThrow(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR`);
  });
});
