import { describe, expect, it } from '@jest/globals';
import { callerScope, readIdempotencyKey, requestFingerprint } from './idempotency-key.js';

describe('the Idempotency-Key header', () => {
  it('takes a UUID and other keys of 16 to 128 safe characters', () => {
    expect(readIdempotencyKey('3f1c2a9e-7b4d-4e8a-9c1f-0a2b3c4d5e6f')).toEqual({ kind: 'valid', key: '3f1c2a9e-7b4d-4e8a-9c1f-0a2b3c4d5e6f' });
    expect(readIdempotencyKey('order:2026.01_x-y')).toMatchObject({ kind: 'valid' });
    expect(readIdempotencyKey('k'.repeat(128))).toMatchObject({ kind: 'valid' });
  });

  it('refuses short, long, empty, repeated keys and keys with other characters', () => {
    for (const header of ['', 'short-key', 'k'.repeat(129), 'with space in the key', 'nul\u0000in-the-middle-of-it', 'ümlaut-keys-are-out', ['a'.repeat(20), 'b'.repeat(20)]]) {
      expect(readIdempotencyKey(header)).toEqual({ kind: 'invalid' });
    }
  });

  it('is absent when not sent', () => {
    expect(readIdempotencyKey(undefined)).toEqual({ kind: 'absent' });
  });
});

describe('the scope of a key', () => {
  it("is the signed-in user's own", () => {
    expect(callerScope('u1', 'Bearer abc')).toBe('user:u1');
    expect(callerScope('u2', undefined)).not.toBe(callerScope('u1', undefined));
  });

  it('is the credential sent when no caller was verified, else anonymous', () => {
    expect(callerScope(undefined, 'Bearer abc')).toMatch(/^token:[0-9a-f]{64}$/);
    expect(callerScope(undefined, 'Bearer abc')).not.toBe(callerScope(undefined, 'Bearer abd'));
    expect(callerScope(undefined, undefined)).toBe('anonymous');
  });
});

describe('the fingerprint of a request', () => {
  it('is the same for the same body in another key order', () => {
    expect(requestFingerprint('POST', '/api/generate', { topic: 'cats', length: 'short' })).toBe(
      requestFingerprint('post', '/api/generate', { length: 'short', topic: 'cats' }),
    );
  });

  it('differs for another body or another route', () => {
    const first = requestFingerprint('POST', '/api/generate', { topic: 'cats' });
    expect(requestFingerprint('POST', '/api/generate', { topic: 'dogs' })).not.toBe(first);
    expect(requestFingerprint('POST', '/api/create-subscription', { topic: 'cats' })).not.toBe(first);
    expect(requestFingerprint('POST', '/api/generate', { topic: 'cats', extra: [1] })).not.toBe(first);
  });
});
