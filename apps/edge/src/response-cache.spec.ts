import { describe, expect, it } from '@jest/globals';
import { preferredEncoding } from './content-encoding.js';
import { storableFor } from './response-cache.js';

const json = { 'content-type': 'application/json; charset=utf-8' };

describe('what a shared cache may keep (storableFor)', () => {
  it('keeps a public JSON answer for its max-age, less the age it already has', () => {
    expect(storableFor(200, { ...json, 'cache-control': 'public, max-age=3600' })).toBe(3_600_000);
    expect(storableFor(200, { ...json, 'cache-control': 'public, max-age=30', age: '10' })).toBe(20_000);
    expect(storableFor(200, { ...json, 'cache-control': 'public, max-age=3600, s-maxage=60' })).toBe(60_000);
  });

  it('keeps nothing private, unstorable, already stale, personal or varying by more than the encoding', () => {
    expect(storableFor(200, { ...json, 'cache-control': 'max-age=3600' })).toBeUndefined();
    expect(storableFor(200, { ...json, 'cache-control': 'public, private, max-age=3600' })).toBeUndefined();
    expect(storableFor(200, { ...json, 'cache-control': 'public, no-store, max-age=3600' })).toBeUndefined();
    expect(storableFor(200, { ...json, 'cache-control': 'public, max-age=30', age: '30' })).toBeUndefined();
    expect(storableFor(200, { ...json, 'cache-control': 'public, max-age=3600', 'set-cookie': ['a=b'] })).toBeUndefined();
    expect(storableFor(200, { ...json, 'cache-control': 'public, max-age=3600', vary: 'Authorization' })).toBeUndefined();
    expect(storableFor(404, { ...json, 'cache-control': 'public, max-age=3600' })).toBeUndefined();
  });

  it('leaves audio and other media to the browser (they come in ranges)', () => {
    expect(storableFor(200, { 'content-type': 'audio/mpeg', 'cache-control': 'public, max-age=31536000, immutable' })).toBeUndefined();
  });
});

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
