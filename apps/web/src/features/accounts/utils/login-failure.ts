import { ACCOUNT_PENDING_DELETION } from '@jokes/contracts';
import type { SignInFailure } from '../../../shared/auth/use-auth';

export interface ToastText {
  title: string;
  description: string;
}

interface AuthFailure {
  code?: string;
  message?: string;
}

const asFailure = (error: unknown): AuthFailure =>
  typeof error === 'object' && error !== null ? (error as AuthFailure) : {};

/** Which of SPEC 8's login failures an auth error is. */
export function loginFailureKind(error: unknown): SignInFailure {
  const { code } = asFailure(error);
  if (code === 'email_not_confirmed') return 'email-not-confirmed';
  if (code === 'invalid_credentials') return 'invalid-credentials';
  if (code === ACCOUNT_PENDING_DELETION) return 'account-pending-deletion';
  return 'failed';
}

/**
 * SPEC 8 'Login', the second readings: what the login form itself says under
 * the toast. It stays until the form is changed, where a toast goes after 5 s.
 */
export function loginFormFailureText(failure: SignInFailure): string {
  switch (failure) {
    case 'invalid-credentials':
      return "Your email or password is incorrect. If you recently reset your password, please make sure you're using your new password.";
    case 'email-not-confirmed':
      // SPEC 8 gives this one no second reading: the form repeats the first.
      return 'Please check your email and confirm your account before logging in.';
    case 'account-pending-deletion':
      // The right password, for an account whose deletion can still be canceled (issue 11).
      return 'This account is scheduled for deletion.';
    case 'failed':
      return 'Login failed. Please try again.';
    default: {
      const _exhaustive: never = failure;
      return _exhaustive;
    }
  }
}

/** SPEC 8 'Login': what a failed password sign-in tells the user (the toast). */
export function loginFailureText(error: unknown, afterPasswordReset: boolean): ToastText {
  const { message } = asFailure(error);
  const kind = loginFailureKind(error);
  if (kind === 'email-not-confirmed') {
    return { title: 'Email Not Confirmed', description: 'Please check your email and confirm your account before logging in.' };
  }
  if (kind === 'invalid-credentials') {
    return {
      title: 'Login Failed',
      description: afterPasswordReset
        ? "If you recently reset your password, please make sure you're using your new password from the reset email."
        : 'Invalid email or password. Please try again.',
    };
  }
  if (kind === 'account-pending-deletion') {
    // The server's words carry the erasure date ('...scheduled for deletion on YYYY-MM-DD.').
    return { title: 'Account Scheduled for Deletion', description: message || 'This account is scheduled for deletion.' };
  }
  return { title: 'Login Failed', description: message || 'An error occurred during login. Please try again.' };
}
