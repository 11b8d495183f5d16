/**
 * The user's stream `user-{userId}`: every account step as a fact. Passwords,
 * hashes, tokens and secrets never appear here (DESIGN.md decision 7).
 */
export type UserRegistered = {
  type: 'UserRegistered';
  data: {
    userId: string;
    email: string;
    /** SPEC section 3: the part of the e-mail before the @. */
    username: string;
    /** The visitor confirmed being 18 or older. */
    ageConfirmed: true;
    rememberMe: boolean;
    registeredAt: string;
  };
};

export type EmailConfirmed = { type: 'EmailConfirmed'; data: { userId: string; email: string; confirmedAt: string } };

export type PasswordResetRequested = { type: 'PasswordResetRequested'; data: { userId: string; requestedAt: string } };

export type PasswordChangeMethod = 'account-settings' | 'recovery-link' | 'reset-endpoint';

export type PasswordChanged = { type: 'PasswordChanged'; data: { userId: string; method: PasswordChangeMethod; changedAt: string } };

export type SignInMethod = 'password' | 'pkce' | 'recovery' | 'email-confirmation';

export type SignedIn = {
  type: 'SignedIn';
  data: { userId: string; sessionId: string; method: SignInMethod; rememberMe: boolean; signedInAt: string };
};

export type SignOutScope = 'local' | 'global' | 'others';

export type SignedOut = { type: 'SignedOut'; data: { userId: string; sessionId: string | null; scope: SignOutScope; signedOutAt: string } };

/** A refresh token was used twice: the session is treated as stolen and ended. */
export type SessionRevoked = {
  type: 'SessionRevoked';
  data: { userId: string; sessionId: string; reason: 'refresh-token-reused'; revokedAt: string };
};

export type UserEvent =
  | UserRegistered
  | EmailConfirmed
  | PasswordResetRequested
  | PasswordChanged
  | SignedIn
  | SignedOut
  | SessionRevoked;

export const USER_EVENT_TYPES = [
  'UserRegistered',
  'EmailConfirmed',
  'PasswordResetRequested',
  'PasswordChanged',
  'SignedIn',
  'SignedOut',
  'SessionRevoked',
] as const satisfies readonly UserEvent['type'][];

/** `email-{normalized address}` holds one EmailReserved: the address belongs to that user. */
export type EmailReserved = { type: 'EmailReserved'; data: { email: string; userId: string; reservedAt: string } };

export function userStreamId(userId: string): string {
  return `user-${userId}`;
}

/** Addresses compare case-insensitively and without surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailStreamId(email: string): string {
  return `email-${normalizeEmail(email)}`;
}

/** SPEC section 3: the part before the @, or user_ plus the first 8 characters of the id. */
export function usernameFor(email: string | null | undefined, userId: string): string {
  const local = email?.split('@')[0]?.trim();
  return local ? local : `user_${userId.slice(0, 8)}`;
}
