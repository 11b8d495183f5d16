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

/** SPEC 8 'Login': what a failed password sign-in tells the user. */
export function loginFailureText(error: unknown, afterPasswordReset: boolean): ToastText {
  const { code, message } = asFailure(error);
  if (code === 'email_not_confirmed') {
    return { title: 'Email Not Confirmed', description: 'Please check your email and confirm your account before logging in.' };
  }
  if (code === 'invalid_credentials') {
    return {
      title: 'Login Failed',
      description: afterPasswordReset
        ? "If you recently reset your password, please make sure you're using your new password from the reset email."
        : 'Invalid email or password. Please try again.',
    };
  }
  return { title: 'Login Failed', description: message || 'An error occurred during login. Please try again.' };
}
