import { describe, expect, it } from '@jest/globals';
import { RedirectPolicy, withFragment, withQuery } from './redirect-policy.js';

const policy = new RedirectPolicy('http://localhost:3000', ['http://127.0.0.1:5173', 'https://*.preview.example.com', 'https://example.org/app/']);

describe('RedirectPolicy', () => {
  it("allows any page of the product's own origin", () => {
    expect(policy.resolve('http://localhost:3000/auth/confirm', '/auth/confirm')).toBe('http://localhost:3000/auth/confirm');
  });

  it('allows an origin from the allow-list', () => {
    expect(policy.resolve('http://127.0.0.1:5173/reset-password-confirm', '/x')).toBe('http://127.0.0.1:5173/reset-password-confirm');
  });

  it('allows a wildcard host label but not a look-alike host', () => {
    expect(policy.resolve('https://pr-7.preview.example.com/auth/confirm', '/x')).toBe('https://pr-7.preview.example.com/auth/confirm');
    expect(policy.resolve('https://evil.com/.preview.example.com/', '/x')).toBe('http://localhost:3000/x');
  });

  it('allows a URL prefix only below that path', () => {
    expect(policy.resolve('https://example.org/app/auth/confirm', '/x')).toBe('https://example.org/app/auth/confirm');
    expect(policy.resolve('https://example.org/other', '/x')).toBe('http://localhost:3000/x');
  });

  it.each([
    ['another site', 'https://evil.example/steal'],
    ['a same-host different port', 'http://localhost:3001/auth/confirm'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['credentials in the URL', 'http://user:pass@localhost:3000/'],
    ['garbage', 'not a url'],
    ['nothing', undefined],
  ])('falls back to the product page for %s', (_case, requested) => {
    expect(policy.resolve(requested, '/auth/confirm')).toBe('http://localhost:3000/auth/confirm');
  });
});

describe('redirect targets', () => {
  it('adds a PKCE code to the query and keeps what was there', () => {
    expect(withQuery('http://localhost:3000/auth/confirm?next=%2F', { code: 'abc' })).toBe('http://localhost:3000/auth/confirm?next=%2F&code=abc');
  });

  it('puts tokens in the fragment', () => {
    expect(withFragment('http://localhost:3000/auth/confirm', { access_token: 'a', type: 'signup' })).toBe(
      'http://localhost:3000/auth/confirm#access_token=a&type=signup',
    );
  });
});
