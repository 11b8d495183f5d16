import { describe, expect, it } from '@jest/globals';
import { AuthApiError } from '@supabase/supabase-js';
import { loginFailureKind, loginFailureText, loginFormFailureText } from './login-failure';

describe('login failure (SPEC 8 "Login")', () => {
  it('asks to confirm the e-mail when it is not confirmed', () => {
    expect(loginFailureText(new AuthApiError('Email not confirmed', 400, 'email_not_confirmed'), false)).toEqual({
      title: 'Email Not Confirmed',
      description: 'Please check your email and confirm your account before logging in.',
    });
  });

  it('says the credentials are wrong', () => {
    expect(loginFailureText(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'), false)).toEqual({
      title: 'Login Failed',
      description: 'Invalid email or password. Please try again.',
    });
  });

  it('reminds of the new password after a reset', () => {
    expect(loginFailureText(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'), true)).toEqual({
      title: 'Login Failed',
      description: "If you recently reset your password, please make sure you're using your new password from the reset email.",
    });
  });

  it('names the erasure date of an account scheduled for deletion, in the server words', () => {
    const error = new AuthApiError('This account is scheduled for deletion on 2026-12-23.', 400, 'account_pending_deletion');
    expect(loginFailureText(error, false)).toEqual({
      title: 'Account Scheduled for Deletion',
      description: 'This account is scheduled for deletion on 2026-12-23.',
    });
  });

  it("shows any other error's message", () => {
    expect(loginFailureText(new AuthApiError('Too many requests', 429, 'over_request_rate_limit'), false)).toEqual({
      title: 'Login Failed',
      description: 'Too many requests',
    });
  });

  it('has words for an error without a message', () => {
    expect(loginFailureText(new Error(''), false)).toEqual({
      title: 'Login Failed',
      description: 'An error occurred during login. Please try again.',
    });
    expect(loginFailureText(undefined, false).description).toBe('An error occurred during login. Please try again.');
  });
});

describe("login failure, the login form's second reading (SPEC 8 \"Login\")", () => {
  it('says the e-mail or password is incorrect, with the reminder of a new password', () => {
    const kind = loginFailureKind(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'));
    expect(loginFormFailureText(kind)).toBe(
      "Your email or password is incorrect. If you recently reset your password, please make sure you're using your new password.",
    );
  });

  it('says Login failed for any other error', () => {
    expect(loginFormFailureText(loginFailureKind(new AuthApiError('Database error', 500, 'unexpected_failure')))).toBe(
      'Login failed. Please try again.',
    );
    expect(loginFormFailureText(loginFailureKind(undefined))).toBe('Login failed. Please try again.');
  });

  it('tells an account scheduled for deletion apart, so the form can offer to cancel it', () => {
    const kind = loginFailureKind(new AuthApiError('This account is scheduled for deletion on 2026-12-23.', 400, 'account_pending_deletion'));
    expect(kind).toBe('account-pending-deletion');
    expect(loginFormFailureText(kind)).toBe('This account is scheduled for deletion.');
  });

  it('repeats the request to confirm the e-mail', () => {
    expect(loginFormFailureText(loginFailureKind(new AuthApiError('Email not confirmed', 400, 'email_not_confirmed')))).toBe(
      'Please check your email and confirm your account before logging in.',
    );
  });
});
