import { describe, expect, it } from '@jest/globals';
import { GoTrueError } from '../gotrue/gotrue-error.js';
import { assertStrongPassword } from './password-policy.js';

const refusal = (password: unknown): GoTrueError | undefined => {
  try {
    assertStrongPassword(password);
    return undefined;
  } catch (error) {
    return error as GoTrueError;
  }
};

describe('assertStrongPassword', () => {
  it('accepts the SPEC minimum of 6 characters', () => {
    expect(refusal('abcdef')).toBeUndefined();
  });

  it("answers a short one with GoTrue's 422 weak_password and reasons ['length']", () => {
    expect(refusal('abcde')?.body()).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'], message: 'Password should be at least 6 characters.' },
    });
  });

  it('counts characters, not UTF-16 units: five emoji are five characters', () => {
    expect(refusal('😀😀😀😀😀')?.errorCode).toBe('weak_password');
  });

  it('refuses a missing password and an absurdly long one', () => {
    expect(refusal(undefined)?.status).toBe(422);
    expect(refusal('x'.repeat(1025))?.errorCode).toBe('weak_password');
  });
});
