import { AccountDeletionAlreadyRequestedError, AccountDeletionNotRequestedError, ErasureNotDueError, UserNotFoundError } from './user.errors.js';
import type { SessionRevoked, UserEvent, UserState } from './user.events.js';

/**
 * Account deletion (issue 11): requested with the password, it ends every live
 * session and disables the account until `erasureDueAt` (now + the policy's
 * days, passed in); it can be withdrawn until then; erasure is the last event.
 */
export type RequestAccountDeletion = {
  type: 'RequestAccountDeletion';
  /** The live sessions to end (the auth tables know which are live). */
  data: { userId: string; revokeSessionIds: readonly string[] };
};
export type CancelAccountDeletion = { type: 'CancelAccountDeletion'; data: { userId: string } };
export type EraseAccount = { type: 'EraseAccount'; data: { userId: string } };

export type AccountDeletionCommand = RequestAccountDeletion | CancelAccountDeletion | EraseAccount;

type Registered = Extract<UserState, { status: 'registered' }>;

function registered(state: UserState, userId: string): Registered {
  if (state.status !== 'registered') throw new UserNotFoundError(userId);
  return state;
}

export function requestAccountDeletion({ data }: RequestAccountDeletion, state: UserState, { now, erasureDueAt }: { now: Date; erasureDueAt: Date }): UserEvent[] {
  const user = registered(state, data.userId);
  if (user.deletion) throw new AccountDeletionAlreadyRequestedError(user.deletion.erasureDueAt);
  const at = now.toISOString();
  const revoked = [...new Set(data.revokeSessionIds)].map(
    (sessionId): SessionRevoked => ({ type: 'SessionRevoked', data: { userId: user.userId, sessionId, reason: 'account-deletion', revokedAt: at } }),
  );
  return [{ type: 'AccountDeletionRequested', data: { userId: user.userId, requestedAt: at, erasureDueAt: erasureDueAt.toISOString() } }, ...revoked];
}

export function cancelAccountDeletion({ data }: CancelAccountDeletion, state: UserState, { now }: { now: Date }): UserEvent[] {
  const user = registered(state, data.userId);
  if (!user.deletion) throw new AccountDeletionNotRequestedError(user.userId);
  return [{ type: 'AccountDeletionCanceled', data: { userId: user.userId, canceledAt: now.toISOString() } }];
}

/** Idempotent: erasing an erased account records nothing (a job run again after a crash). */
export function eraseAccount({ data }: EraseAccount, state: UserState, { now }: { now: Date }): UserEvent[] {
  if (state.status === 'erased') return [];
  const user = registered(state, data.userId);
  if (!user.deletion) throw new AccountDeletionNotRequestedError(user.userId);
  if (now.getTime() < Date.parse(user.deletion.erasureDueAt)) throw new ErasureNotDueError(user.deletion.erasureDueAt);
  return [{ type: 'AccountErased', data: { userId: user.userId, erasedAt: now.toISOString() } }];
}
