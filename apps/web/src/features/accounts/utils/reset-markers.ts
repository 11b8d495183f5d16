/**
 * SPEC 3 and 4: a finished password reset is remembered until the next
 * successful login, by the query flag password_reset=success or a flag in
 * session storage, so that login can greet (or warn) accordingly.
 */
export const PASSWORD_RESET_QUERY = 'password_reset';
export const PASSWORD_RESET_SUCCESS = 'success';
export const PASSWORD_RESET_FLAG_KEY = 'passwordResetCompleted';
/** SPEC 3: the e-mail a reset link was last requested for (the fallback reset sends it). */
export const RESET_EMAIL_KEY = 'resetEmail';

export function markPasswordReset(): void {
  sessionStorage.setItem(PASSWORD_RESET_FLAG_KEY, 'true');
}

export function hasPasswordResetMarker(search: string = window.location.search): boolean {
  return (
    sessionStorage.getItem(PASSWORD_RESET_FLAG_KEY) === 'true' ||
    new URLSearchParams(search).get(PASSWORD_RESET_QUERY) === PASSWORD_RESET_SUCCESS
  );
}

/**
 * After a successful login. The /auth page takes the query flag out of the
 * address as soon as it reads it (SPEC 2) and keeps it as the session flag, so
 * the session flag is all that is left to clean.
 */
export function clearPasswordResetMarkers(): void {
  sessionStorage.removeItem(PASSWORD_RESET_FLAG_KEY);
}

export function rememberResetEmail(email: string): void {
  localStorage.setItem(RESET_EMAIL_KEY, email);
}

export function rememberedResetEmail(): string | undefined {
  return localStorage.getItem(RESET_EMAIL_KEY) ?? undefined;
}
