import { describe, expect, it } from '@jest/globals';
import { clientKey } from './client-key.js';

describe('clientKey', () => {
  it('counts an IPv4 client by its address, written either way', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64, so one subscriber cannot be a new client per request', () => {
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
    expect(clientKey('[2001:db8:1:2::9]')).toBe('2001:db8:1:2::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps anything else as it came', () => {
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey('')).toBe('unknown');
  });
});
