import { applyRoleEvent } from './roles.js';

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

/**
 * A session was ended by the system, not by its holder: a refresh token was used
 * twice (treated as stolen), or the password changed (whoever held the old one is out).
 */
export type SessionRevokedReason = 'refresh-token-reused' | 'password-changed';

export type SessionRevoked = {
  type: 'SessionRevoked';
  data: { userId: string; sessionId: string; reason: SessionRevokedReason; revokedAt: string };
};

/**
 * An operator gave or took a product role (analyst, support, admin; see roles.ts).
 * Tokens carry it in `app_metadata.roles` from the next sign-in or refresh.
 */
export type RoleGranted = { type: 'RoleGranted'; data: { userId: string; role: string; grantedBy: string; grantedAt: string } };
export type RoleRevoked = { type: 'RoleRevoked'; data: { userId: string; role: string; revokedBy: string; revokedAt: string } };

/** The voice the user's jokes are read aloud in (ChangeVoice); `previousVoiceId` null for the first choice. */
export type VoicePreferenceChanged = {
  type: 'VoicePreferenceChanged';
  data: { userId: string; voiceId: string; previousVoiceId: string | null; changedAt: string };
};

export type UserEvent =
  | UserRegistered
  | EmailConfirmed
  | PasswordResetRequested
  | PasswordChanged
  | SignedIn
  | SignedOut
  | SessionRevoked
  | RoleGranted
  | RoleRevoked
  | VoicePreferenceChanged;

export const USER_EVENT_TYPES = [
  'UserRegistered',
  'EmailConfirmed',
  'PasswordResetRequested',
  'PasswordChanged',
  'SignedIn',
  'SignedOut',
  'SessionRevoked',
  'RoleGranted',
  'RoleRevoked',
  'VoicePreferenceChanged',
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

/**
 * What the decider needs to know about an account. Sessions and credentials
 * are not here: the auth tables own them, commands carry the session ids.
 */
export type UserState =
  | { status: 'absent' }
  | {
      status: 'registered';
      userId: string;
      email: string;
      username: string;
      registeredAt: string;
      emailConfirmedAt: string | null;
      lastSignInAt: string | null;
      passwordChangedAt: string | null;
      /** Product roles (analyst, support, admin); RoleGranted and RoleRevoked change them. */
      roles: readonly string[];
      /** The voice chosen with ChangeVoice; null until the first choice. */
      selectedVoiceId: string | null;
    };

export const initialUserState = (): UserState => ({ status: 'absent' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, username, registeredAt } = event.data;
      return { status: 'registered', userId, email, username, registeredAt, emailConfirmedAt: null, lastSignInAt: null, passwordChangedAt: null, roles: [], selectedVoiceId: null };
    }
    case 'EmailConfirmed':
      return state.status === 'registered' ? { ...state, emailConfirmedAt: event.data.confirmedAt } : state;
    case 'SignedIn':
      return state.status === 'registered' ? { ...state, lastSignInAt: event.data.signedInAt } : state;
    case 'PasswordChanged':
      return state.status === 'registered' ? { ...state, passwordChangedAt: event.data.changedAt } : state;
    case 'RoleGranted':
    case 'RoleRevoked':
      return state.status === 'registered' ? { ...state, roles: applyRoleEvent(state.roles, event) } : state;
    case 'VoicePreferenceChanged':
      return state.status === 'registered' ? { ...state, selectedVoiceId: event.data.voiceId } : state;
    case 'PasswordResetRequested':
    case 'SignedOut':
    case 'SessionRevoked':
      return state;
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
