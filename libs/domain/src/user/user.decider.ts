import { AgeConfirmationRequiredError, EmailNotConfirmedError, UserAlreadyRegisteredError, UserNotFoundError } from './user.errors.js';
import {
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

export type UserCommand = RegisterUser | ConfirmEmail | RequestPasswordReset | ChangePassword | SignIn | SignOut | RevokeSession;

export interface UserContext {
  now: Date;
}

type Registered = Extract<UserState, { status: 'registered' }>;

function registered(state: UserState, userId: string): Registered {
  if (state.status !== 'registered') throw new UserNotFoundError(userId);
  return state;
}

function registerUser({ data }: RegisterUser, state: UserState, { now }: UserContext): UserEvent[] {
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
function confirmEmail({ data }: ConfirmEmail, state: UserState, { now }: UserContext): UserEvent[] {
  const user = registered(state, data.userId);
  if (user.emailConfirmedAt !== null) return [];
  return [{ type: 'EmailConfirmed', data: { userId: user.userId, email: user.email, confirmedAt: now.toISOString() } }];
}

function requestPasswordReset({ data }: RequestPasswordReset, state: UserState, { now }: UserContext): UserEvent[] {
  registered(state, data.userId);
  return [{ type: 'PasswordResetRequested', data: { userId: data.userId, requestedAt: now.toISOString() } }];
}

/** Whoever held the old password loses the sessions it opened. */
function changePassword({ data }: ChangePassword, state: UserState, { now }: UserContext): UserEvent[] {
  registered(state, data.userId);
  const at = now.toISOString();
  const revoked = [...new Set(data.revokeSessionIds)].map(
    (sessionId): SessionRevoked => ({ type: 'SessionRevoked', data: { userId: data.userId, sessionId, reason: 'password-changed', revokedAt: at } }),
  );
  return [{ type: 'PasswordChanged', data: { userId: data.userId, method: data.method, changedAt: at } }, ...revoked];
}

function signIn({ data }: SignIn, state: UserState, { now }: UserContext): UserEvent[] {
  const user = registered(state, data.userId);
  if (user.emailConfirmedAt === null) throw new EmailNotConfirmedError();
  const { userId, sessionId, method, rememberMe } = data;
  return [{ type: 'SignedIn', data: { userId, sessionId, method, rememberMe, signedInAt: now.toISOString() } }];
}

function signOut({ data }: SignOut, state: UserState, { now }: UserContext): UserEvent[] {
  registered(state, data.userId);
  const { userId, sessionId, scope } = data;
  return [{ type: 'SignedOut', data: { userId, sessionId, scope, signedOutAt: now.toISOString() } }];
}

function revokeSession({ data }: RevokeSession, state: UserState, { now }: UserContext): UserEvent[] {
  registered(state, data.userId);
  const { userId, sessionId, reason } = data;
  return [{ type: 'SessionRevoked', data: { userId, sessionId, reason, revokedAt: now.toISOString() } }];
}

/** Every account step of `user-{id}`: pure, with time and ids passed in. */
export function decideUser(command: UserCommand, state: UserState, context: UserContext): UserEvent[] {
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
    default: {
      const _exhaustive: never = command;
      throw new Error(`Unknown command: ${JSON.stringify(command)}`);
    }
  }
}
