import { describe, expect, it } from '@jest/globals';
import { parseRequestTarget } from './request-target.js';

describe('parseRequestTarget', () => {
  it('accepts an origin-form target and keeps it encoded for routing', () => {
    expect(parseRequestTarget('/api/jokes/history?user_id=a%20b')).toEqual({
      pathname: '/api/jokes/history',
      search: '?user_id=a%20b',
      decodedPath: '/api/jokes/history',
    });
  });

  it('resolves dot segments, so routing and forwarding see the same path', () => {
    expect(parseRequestTarget('/api/generate/../comedians')?.pathname).toBe('/api/comedians');
    expect(parseRequestTarget('/assets/%2e%2e/%2e%2e/etc/passwd')?.pathname).toBe('/etc/passwd');
  });

  it('decodes the path for files on disk', () => {
    expect(parseRequestTarget('/caf%C3%A9.txt')?.decodedPath).toBe('/café.txt');
  });

  it.each([
    ['nothing', undefined],
    ['an empty target', ''],
    ['a network-path reference', '//'],
    ['a network-path reference with a port out of range', '//x:99999/api'],
    ['the absolute form', 'http://example.com/'],
    ['a broken absolute form', 'http://[::1'],
    ['the asterisk form', '*'],
    ['a backslash (a host to the URL parser)', '/\\example.com/'],
    ['a broken percent sequence', '/%E0%A4%A'],
    ['a truncated escape', '/%'],
    ['an encoded lone surrogate', '/%ED%A0%80'],
    ['an encoded NUL', '/a%00b'],
    ['an encoded line feed', '/a%0Ab'],
    ['an encoded DEL', '/a%7Fb'],
  ])('refuses %s', (_name, target) => {
    expect(parseRequestTarget(target)).toBeUndefined();
  });
});
