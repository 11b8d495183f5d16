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

  it('reads every target as the WHATWG URL parser does, the plain ones it takes without one included', () => {
    // A fixed pseudo-random walk over the characters that matter: escapes, dots, slashes, a query, characters the parser encodes.
    const alphabet = ['a', 'Z', '0', '-', '_', '~', '.', '..', '/', '?', '=', '&', '%', '%2e', '%41', "'", '"', '`', '{', '|', '^', '#', ':', '@', '!', '$', '(', '*', '+', ',', ';', 'é'];
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const urlReading = (raw: string) => {
      try {
        const url = new URL(raw, 'http://edge.invalid');
        const decodedPath = decodeURIComponent(url.pathname);
        const control = [...decodedPath].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
        if (url.origin !== 'http://edge.invalid' || control) return undefined;
        return { pathname: url.pathname, search: url.search, decodedPath };
      } catch {
        return undefined;
      }
    };
    for (let n = 0; n < 5_000; n++) {
      let raw = '/';
      const length = Math.floor(next() * 12);
      for (let index = 0; index < length; index++) raw += alphabet[Math.floor(next() * alphabet.length)];
      if (raw.startsWith('//')) continue;
      expect({ raw, read: parseRequestTarget(raw) }).toEqual({ raw, read: urlReading(raw) });
    }
    expect(parseRequestTarget('/api/comedians?')).toEqual({ pathname: '/api/comedians', search: '', decodedPath: '/api/comedians' });
    expect(parseRequestTarget('/a/./b/..')).toEqual(urlReading('/a/./b/..'));
  });
});
