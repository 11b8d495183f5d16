import { applyRoleEvent } from './roles.js';

/**
 * The user's stream `user-{userId}`: every account step as a fact. Passwords,
 * hashes, tokens and secrets never appear here (DESIGN.md decision 7). The
 * personal fields (see user.personal-data.ts) are stored encrypted with the
 * person's key; once the person is erased they read as `email: null` and
 * `username: 'erased-user'` while every other fact stays.
 */
export type UserRegistered = {
  type: 'UserRegistered';
  data: {
    userId: string;
    email: string | null;
    /** SPEC section 3: the part of the e-mail before the @. */
    username: string;
    /** The visitor confirmed being 18 or older. */
    ageConfirmed: true;
    rememberMe: boolean;
    registeredAt: string;
  };
};

export type EmailConfirmed = { type: 'EmailConfirmed'; data: { userId: string; email: string | null; confirmedAt: string } };

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
export type SessionRevokedReason = 'refresh-token-reused' | 'password-changed' | 'account-deletion';

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

/** The person asked for their account to be deleted (password confirmed); it is disabled until `erasureDueAt`, then erased. */
export type AccountDeletionRequested = {
  type: 'AccountDeletionRequested';
  data: { userId: string; requestedAt: string; erasureDueAt: string };
};

/** The person withdrew the deletion before it was due (password confirmed): the account works again. */
export type AccountDeletionCanceled = { type: 'AccountDeletionCanceled'; data: { userId: string; canceledAt: string } };

/**
 * The person's key was destroyed: every personal field of their events reads as
 * erased from now on. The last event of the stream; it carries nothing personal.
 */
export type AccountErased = { type: 'AccountErased'; data: { userId: string; erasedAt: string } };

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
  | VoicePreferenceChanged
  | AccountDeletionRequested
  | AccountDeletionCanceled
  | AccountErased;

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
  'AccountDeletionRequested',
  'AccountDeletionCanceled',
  'AccountErased',
] as const satisfies readonly UserEvent['type'][];

/**
 * `email-{keyed hash of the normalized address}` (emailReservationStreamId):
 * EmailReserved says the address belongs to that user (its `email` encrypted
 * with the user's key); EmailReleased, appended when that user is erased, frees
 * it for a new registration, which reserves it again on the same stream.
 */
export type EmailReserved = { type: 'EmailReserved'; data: { email: string | null; userId: string; reservedAt: string } };
export type EmailReleased = { type: 'EmailReleased'; data: { userId: string; releasedAt: string } };
export type EmailReservationEvent = EmailReserved | EmailReleased;

/** The owner of a reservation stream after its events: the last reservation, unless released since. */
export function reservationOwner(events: readonly { type: string; data: unknown }[]): string | null {
  const last = events[events.length - 1];
  return last?.type === 'EmailReserved' ? (last.data as EmailReserved['data']).userId : null;
}

export function userStreamId(userId: string): string {
  return `user-${userId}`;
}

/** Addresses compare case-insensitively and without surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The reservation stream of an address, named by a keyed hash of the normalized
 * address (HMAC-SHA256, computed where the secret is): stream ids are indexed
 * and never erased, so they carry no personal data (DESIGN.md decision 16).
 */
export function emailReservationStreamId(addressHash: string): string {
  return `email-${addressHash}`;
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
  | { status: 'erased'; userId: string; erasedAt: string }
  | {
      status: 'registered';
      userId: string;
      /** null once the person is erased (their key is gone). */
      email: string | null;
      username: string;
      registeredAt: string;
      emailConfirmedAt: string | null;
      lastSignInAt: string | null;
      passwordChangedAt: string | null;
      /** Product roles (analyst, support, admin); RoleGranted and RoleRevoked change them. */
      roles: readonly string[];
      /** The voice chosen with ChangeVoice; null until the first choice. */
      selectedVoiceId: string | null;
      /** Set while a deletion is scheduled: the account is disabled until it is canceled or erased. */
      deletion: { requestedAt: string; erasureDueAt: string } | null;
    };

export const initialUserState = (): UserState => ({ status: 'absent' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, username, registeredAt } = event.data;
      return { status: 'registered', userId, email, username, registeredAt, emailConfirmedAt: null, lastSignInAt: null, passwordChangedAt: null, roles: [], selectedVoiceId: null, deletion: null };
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
    case 'AccountDeletionRequested':
      return state.status === 'registered' ? { ...state, deletion: { requestedAt: event.data.requestedAt, erasureDueAt: event.data.erasureDueAt } } : state;
    case 'AccountDeletionCanceled':
      return state.status === 'registered' ? { ...state, deletion: null } : state;
    case 'AccountErased':
      return { status: 'erased', userId: event.data.userId, erasedAt: event.data.erasedAt };
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
