/**
 * An answer in GoTrue's error shape `{ code, error_code, msg }`: supabase-js
 * turns it into AuthApiError with `.code = error_code` (and AuthWeakPasswordError
 * for weak_password), so the web can branch on codes as it would against Supabase.
 */
export class GoTrueError extends Error {
  override readonly name = 'GoTrueError';

  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** Extra fields of the body, e.g. `weak_password: { reasons }`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return { code: this.status, error_code: this.errorCode, msg: this.message, ...this.extra };
  }
}

/** The errors of the GoTrue subset, with GoTrue's statuses, codes and wording. */
export const AuthErrors = {
  invalidCredentials: () => new GoTrueError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new GoTrueError(400, 'email_not_confirmed', 'Email not confirmed'),
  /** Issue 11: the right password of an account scheduled for deletion; `msg` names the date. */
  accountPendingDeletion: (message: string) => new GoTrueError(400, 'account_pending_deletion', message),
  invalidEmail: () => new GoTrueError(400, 'email_address_invalid', 'Unable to validate email address: invalid format'),
  validation: (message: string) => new GoTrueError(400, 'validation_failed', message),
  unprocessable: (message: string) => new GoTrueError(422, 'validation_failed', message),
  weakPassword: (message: string, reasons: string[]) =>
    new GoTrueError(422, 'weak_password', message, { weak_password: { reasons, message } }),
  samePassword: () => new GoTrueError(422, 'same_password', 'New password should be different from the old password.'),
  overRequestRateLimit: () => new GoTrueError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  overEmailSendRateLimit: () => new GoTrueError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded'),
  noAuthorization: () => new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  sessionNotFound: () => new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => new GoTrueError(404, 'user_not_found', 'User from sub claim in JWT does not exist'),
  otpExpired: () => new GoTrueError(403, 'otp_expired', 'Email link is invalid or has expired'),
  refreshTokenNotFound: () => new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () => new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  sessionExpired: () => new GoTrueError(400, 'session_expired', 'Invalid Refresh Token: Session Expired'),
  flowStateNotFound: () => new GoTrueError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found'),
  badCodeVerifier: () => new GoTrueError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier'),
  noApiKey: () => new GoTrueError(401, 'no_api_key', 'No API key found in request'),
  invalidApiKey: () => new GoTrueError(401, 'invalid_api_key', 'Invalid API key'),
};
