import { isProductRole, UnknownRoleError } from './roles.js';
import { cancelAccountDeletion, eraseAccount, requestAccountDeletion, type AccountDeletionCommand } from './user.deletion.js';
import { AccountPendingDeletionError, AgeConfirmationRequiredError, EmailNotConfirmedError, UserAlreadyRegisteredError, UserNotFoundError, VoiceRequiresPremiumError } from './user.errors.js';
import {
  evolveUser,
  initialUserState,
  normalizeEmail,
  usernameFor,
  type PasswordChangeMethod,
  type SessionRevoked,
  type SignInMethod,
  type SignOutScope,
  type UserEvent,
  type UserState,
} from './user.events.js';

export type RegisterUser = {
  type: 'RegisterUser';
  /** `ageConfirmed` is whatever the visitor sent: the decider is where 18+ is enforced. */
  data: { userId: string; email: string; ageConfirmed: boolean; rememberMe: boolean };
};
export type ConfirmEmail = { type: 'ConfirmEmail'; data: { userId: string } };
export type RequestPasswordReset = { type: 'RequestPasswordReset'; data: { userId: string } };
export type ChangePassword = {
  type: 'ChangePassword';
  /** The live sessions the new password ends (the auth tables know which are live). */
  data: { userId: string; method: PasswordChangeMethod; revokeSessionIds: readonly string[] };
};
export type SignIn = { type: 'SignIn'; data: { userId: string; sessionId: string; method: SignInMethod; rememberMe: boolean } };
export type SignOut = { type: 'SignOut'; data: { userId: string; sessionId: string | null; scope: SignOutScope } };
export type RevokeSession = { type: 'RevokeSession'; data: { userId: string; sessionId: string; reason: 'refresh-token-reused' } };
/** `by`: who made the change, e.g. 'cli:alice@host' or a user id. */
export type GrantRole = { type: 'GrantRole'; data: { userId: string; role: string; by: string } };
export type RevokeRole = { type: 'RevokeRole'; data: { userId: string; role: string; by: string } };
/** The voice must be one the speech engine offers: the handler checks that, as the list is the engine's, not the domain's. */
export type ChangeVoice = { type: 'ChangeVoice'; data: { userId: string; voiceId: string } };

export type UserCommand =
  | RegisterUser
  | ConfirmEmail
  | RequestPasswordReset
  | ChangePassword
  | SignIn
  | SignOut
  | RevokeSession
  | GrantRole
  | RevokeRole
  | ChangeVoice
  | AccountDeletionCommand;

/** What each command needs besides the state, passed in by its handler (the clock is read there, never here). */
export interface UserContexts {
  RegisterUser: { now: Date };
  ConfirmEmail: { now: Date };
  RequestPasswordReset: { now: Date };
  ChangePassword: { now: Date };
  SignIn: { now: Date };
  SignOut: { now: Date };
  RevokeSession: { now: Date };
  GrantRole: { now: Date };
  RevokeRole: { now: Date };
  /** `isPro` from the subscription stream, read by the handler. */
  ChangeVoice: { now: Date; isPro: boolean };
  /** `erasureDueAt`: now plus ERASURE_AFTER_DAYS, read by the handler. */
  RequestAccountDeletion: { now: Date; erasureDueAt: Date };
  CancelAccountDeletion: { now: Date };
  EraseAccount: { now: Date };
}
export type UserContext = UserContexts[UserCommand['type']];

type Registered = Extract<UserState, { status: 'registered' }>;

function registered(state: UserState, userId: string): Registered {
  if (state.status !== 'registered') throw new UserNotFoundError(userId);
  return state;
}

function registerUser({ data }: RegisterUser, state: UserState, { now }: UserContexts['RegisterUser']): UserEvent[] {
  if (state.status !== 'absent') throw new UserAlreadyRegisteredError(data.userId);
  if (data.ageConfirmed !== true) throw new AgeConfirmationRequiredError();
  const email = normalizeEmail(data.email);
  return [
    {
      type: 'UserRegistered',
      data: {
        userId: data.userId,
        email,
        username: usernameFor(email, data.userId),
        ageConfirmed: true,
        rememberMe: data.rememberMe,
        registeredAt: now.toISOString(),
      },
    },
  ];
}

/** Idempotent: a second confirmation of a confirmed address records nothing. */
function confirmEmail({ data }: ConfirmEmail, state: UserState, { now }: UserContexts['ConfirmEmail']): UserEvent[] {
  const user = registered(state, data.userId);
  if (user.emailConfirmedAt !== null) return [];
  return [{ type: 'EmailConfirmed', data: { userId: user.userId, email: user.email, confirmedAt: now.toISOString() } }];
}

function requestPasswordReset({ data }: RequestPasswordReset, state: UserState, { now }: UserContexts['RequestPasswordReset']): UserEvent[] {
  registered(state, data.userId);
  return [{ type: 'PasswordResetRequested', data: { userId: data.userId, requestedAt: now.toISOString() } }];
}

/** Whoever held the old password loses the sessions it opened. */
function changePassword({ data }: ChangePassword, state: UserState, { now }: UserContexts['ChangePassword']): UserEvent[] {
  registered(state, data.userId);
  const at = now.toISOString();
  const revoked = [...new Set(data.revokeSessionIds)].map(
    (sessionId): SessionRevoked => ({ type: 'SessionRevoked', data: { userId: data.userId, sessionId, reason: 'password-changed', revokedAt: at } }),
  );
  return [{ type: 'PasswordChanged', data: { userId: data.userId, method: data.method, changedAt: at } }, ...revoked];
}

function signIn({ data }: SignIn, state: UserState, { now }: UserContexts['SignIn']): UserEvent[] {
  const user = registered(state, data.userId);
  if (user.emailConfirmedAt === null) throw new EmailNotConfirmedError();
  if (user.deletion) throw new AccountPendingDeletionError(user.deletion.erasureDueAt);
  const { userId, sessionId, method, rememberMe } = data;
  return [{ type: 'SignedIn', data: { userId, sessionId, method, rememberMe, signedInAt: now.toISOString() } }];
}

function signOut({ data }: SignOut, state: UserState, { now }: UserContexts['SignOut']): UserEvent[] {
  registered(state, data.userId);
  const { userId, sessionId, scope } = data;
  return [{ type: 'SignedOut', data: { userId, sessionId, scope, signedOutAt: now.toISOString() } }];
}

function revokeSession({ data }: RevokeSession, state: UserState, { now }: UserContexts['RevokeSession']): UserEvent[] {
  registered(state, data.userId);
  const { userId, sessionId, reason } = data;
  return [{ type: 'SessionRevoked', data: { userId, sessionId, reason, revokedAt: now.toISOString() } }];
}

/** Granting a role the user already has records nothing. */
function grantRole({ data }: GrantRole, state: UserState, { now }: UserContexts['GrantRole']): UserEvent[] {
  if (!isProductRole(data.role)) throw new UnknownRoleError(data.role);
  const user = registered(state, data.userId);
  if (user.roles.includes(data.role)) return [];
  return [{ type: 'RoleGranted', data: { userId: user.userId, role: data.role, grantedBy: data.by, grantedAt: now.toISOString() } }];
}

/** Revoking a role the user does not have records nothing. */
function revokeRole({ data }: RevokeRole, state: UserState, { now }: UserContexts['RevokeRole']): UserEvent[] {
  if (!isProductRole(data.role)) throw new UnknownRoleError(data.role);
  const user = registered(state, data.userId);
  if (!user.roles.includes(data.role)) return [];
  return [{ type: 'RoleRevoked', data: { userId: user.userId, role: data.role, revokedBy: data.by, revokedAt: now.toISOString() } }];
}

/** Pro only; choosing the voice already chosen records nothing. */
function changeVoice({ data }: ChangeVoice, state: UserState, { now, isPro }: UserContexts['ChangeVoice']): UserEvent[] {
  if (!isPro) throw new VoiceRequiresPremiumError();
  const user = registered(state, data.userId);
  if (user.selectedVoiceId === data.voiceId) return [];
  return [
    {
      type: 'VoicePreferenceChanged',
      data: { userId: user.userId, voiceId: data.voiceId, previousVoiceId: user.selectedVoiceId, changedAt: now.toISOString() },
    },
  ];
}

/** Every account step of `user-{id}` (see userStreamId): pure, with time and ids passed in. */
export const userDecider = {
  decide(command: UserCommand, state: UserState, context: UserContext): UserEvent[] {
    switch (command.type) {
      case 'RegisterUser':
        return registerUser(command, state, context);
      case 'ConfirmEmail':
        return confirmEmail(command, state, context);
      case 'RequestPasswordReset':
        return requestPasswordReset(command, state, context);
      case 'ChangePassword':
        return changePassword(command, state, context);
      case 'SignIn':
        return signIn(command, state, context);
      case 'SignOut':
        return signOut(command, state, context);
      case 'RevokeSession':
        return revokeSession(command, state, context);
      case 'GrantRole':
        return grantRole(command, state, context);
      case 'RevokeRole':
        return revokeRole(command, state, context);
      case 'ChangeVoice':
        // The contexts differ by command; the handler that sent ChangeVoice read the subscription.
        if (!('isPro' in context)) throw new Error('ChangeVoice needs isPro in its context');
        return changeVoice(command, state, context);
      case 'RequestAccountDeletion':
        if (!('erasureDueAt' in context)) throw new Error('RequestAccountDeletion needs erasureDueAt in its context');
        return requestAccountDeletion(command, state, context);
      case 'CancelAccountDeletion':
        return cancelAccountDeletion(command, state, context);
      case 'EraseAccount':
        return eraseAccount(command, state, context);
      default: {
        const _exhaustive: never = command;
        throw new Error(`Unknown command: ${JSON.stringify(command)}`);
      }
    }
  },
  evolve: evolveUser,
  initialState: initialUserState,
};
