import { describe, expect, it } from '@jest/globals';
import { readResetLink, recoveryHashForCode } from './reset-link';

describe('reset link in the address', () => {
  it('takes the access token of a recovery hash', () => {
    expect(readResetLink('', '#access_token=at-1&refresh_token=rt&type=recovery&expires_in=3600')).toEqual({
      kind: 'token',
      recovery: { source: 'hash', token: 'at-1' },
      invalidHash: false,
    });
  });

  it('takes a code from the query', () => {
    expect(readResetLink('?code=c-1', '')).toEqual({ kind: 'token', recovery: { source: 'code', token: 'c-1' }, invalidHash: false });
  });

  it('prefers the hash when both are there', () => {
    expect(readResetLink('?code=c-1', '#access_token=at-1&type=recovery')).toMatchObject({ recovery: { source: 'hash', token: 'at-1' } });
  });

  it('flags a hash that is not a recovery hash but still offers its token', () => {
    expect(readResetLink('', '#access_token=at-1&type=signup')).toEqual({
      kind: 'token',
      recovery: { source: 'hash', token: 'at-1' },
      invalidHash: true,
    });
  });

  it('reports an expired link (GoTrue otp_expired, in the hash or the query)', () => {
    expect(readResetLink('', '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired')).toEqual({
      kind: 'expired',
    });
    expect(readResetLink('?error=access_denied&error_code=otp_expired', '')).toEqual({ kind: 'expired' });
  });

  it('finds nothing in a bare address', () => {
    expect(readResetLink('', '')).toEqual({ kind: 'missing' });
    expect(readResetLink('?type=recovery', '#type=recovery')).toEqual({ kind: 'missing' });
  });

  it('carries a code on as a recovery hash', () => {
    expect(readResetLink('', recoveryHashForCode('c/1+2'))).toMatchObject({ recovery: { source: 'hash', token: 'c/1+2' }, invalidHash: false });
  });
});
