/** SPEC 8 'Reset page': how a failed update reads, and whether the fallback reset applies. */
export type ResetFailure = { kind: 'message'; message: string } | { kind: 'verify' };

export const RESET_MESSAGES = {
  expired: 'Your reset link has expired. Please request a new one.',
  session: 'Session verification failed. Try clicking the reset link in your email again.',
  failed: 'Failed to update password. Please request a new reset link.',
  noAuth: 'Server error: Unable to initialize authentication.',
  invalidHash: 'The reset link appears to be invalid. You can still try to reset your password.',
  missing: 'Missing or invalid reset token. Please request a new password reset link.',
} as const;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : typeof error === 'string' ? error : '');

export function classifyResetFailure(error: unknown): ResetFailure {
  const message = messageOf(error);
  if (/invalid or (has )?expired|expired/i.test(message)) return { kind: 'message', message: RESET_MESSAGES.expired };
  if (/session/i.test(message)) return { kind: 'message', message: RESET_MESSAGES.session };
  if (/verify/i.test(message)) return { kind: 'verify' };
  return { kind: 'message', message: RESET_MESSAGES.failed };
}
