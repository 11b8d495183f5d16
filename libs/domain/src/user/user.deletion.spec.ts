import { describe, expect, it } from '@jest/globals';
import { givenWhenThen } from '../testing/index.js';
import { userDecider, type UserContext } from './user.decider.js';
import {
  AccountDeletionAlreadyRequestedError,
  AccountDeletionNotRequestedError,
  AccountPendingDeletionError,
  ErasureNotDueError,
  UserNotFoundError,
} from './user.errors.js';
import type { UserEvent } from './user.events.js';

const given = givenWhenThen(userDecider);

const userId = '0b7c1f0e-5a4e-4c1b-9f59-3d2c1a0e8b71';
const at = '2026-11-01T09:00:00.000Z';
const due = '2026-12-01T09:00:00.000Z';
const now: UserContext = { now: new Date(at) };
const deletionContext: UserContext = { now: new Date(at), erasureDueAt: new Date(due) };

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'ada@example.com', username: 'ada', ageConfirmed: true, rememberMe: true, registeredAt: at },
};
const confirmed: UserEvent = { type: 'EmailConfirmed', data: { userId, email: 'ada@example.com', confirmedAt: at } };
const requested: UserEvent = { type: 'AccountDeletionRequested', data: { userId, requestedAt: at, erasureDueAt: due } };
const erased: UserEvent = { type: 'AccountErased', data: { userId, erasedAt: due } };

describe('RequestAccountDeletion', () => {
  it('schedules erasure at the date it is given and ends every live session it names', () => {
    given([registered, confirmed])
      .when({ type: 'RequestAccountDeletion', data: { userId, revokeSessionIds: ['s1', 's2', 's1'] } }, deletionContext)
      .then([
        requested,
        { type: 'SessionRevoked', data: { userId, sessionId: 's1', reason: 'account-deletion', revokedAt: at } },
        { type: 'SessionRevoked', data: { userId, sessionId: 's2', reason: 'account-deletion', revokedAt: at } },
      ]);
  });

  it('refuses a second request while one is scheduled, naming the first date', () => {
    given([registered, requested])
      .when({ type: 'RequestAccountDeletion', data: { userId, revokeSessionIds: [] } }, deletionContext)
      .thenThrows(AccountDeletionAlreadyRequestedError, (error) => expect(error.message).toContain('2026-12-01'));
  });

  it('refuses an erased account as an unknown one', () => {
    given([registered, requested, erased])
      .when({ type: 'RequestAccountDeletion', data: { userId, revokeSessionIds: [] } }, deletionContext)
      .thenThrows(UserNotFoundError);
  });
});

describe('SignIn while a deletion is scheduled', () => {
  it('is refused with the date of the erasure', () => {
    given([registered, confirmed, requested])
      .when({ type: 'SignIn', data: { userId, sessionId: 's3', method: 'password', rememberMe: true } }, now)
      .thenThrows(AccountPendingDeletionError, (error) => expect(error.message).toBe('This account is scheduled for deletion on 2026-12-01.'));
  });

  it('works again once the deletion is canceled', () => {
    const canceled: UserEvent = { type: 'AccountDeletionCanceled', data: { userId, canceledAt: at } };
    given([registered, confirmed, requested, canceled])
      .when({ type: 'SignIn', data: { userId, sessionId: 's3', method: 'password', rememberMe: true } }, now)
      .then([{ type: 'SignedIn', data: { userId, sessionId: 's3', method: 'password', rememberMe: true, signedInAt: at } }]);
  });
});

describe('CancelAccountDeletion', () => {
  it('withdraws a scheduled deletion', () => {
    given([registered, requested])
      .when({ type: 'CancelAccountDeletion', data: { userId } }, now)
      .then([{ type: 'AccountDeletionCanceled', data: { userId, canceledAt: at } }]);
  });

  it('refuses when nothing is scheduled', () => {
    given([registered]).when({ type: 'CancelAccountDeletion', data: { userId } }, now).thenThrows(AccountDeletionNotRequestedError);
  });

  it('is too late once the account is erased', () => {
    given([registered, requested, erased]).when({ type: 'CancelAccountDeletion', data: { userId } }, now).thenThrows(UserNotFoundError);
  });
});

describe('EraseAccount', () => {
  it('erases a scheduled account once its date has come', () => {
    given([registered, requested])
      .when({ type: 'EraseAccount', data: { userId } }, { now: new Date(due) })
      .then([erased]);
  });

  it('refuses before the date the person was told', () => {
    given([registered, requested]).when({ type: 'EraseAccount', data: { userId } }, now).thenThrows(ErasureNotDueError);
  });

  it('refuses an account nobody asked to delete', () => {
    given([registered]).when({ type: 'EraseAccount', data: { userId } }, { now: new Date(due) }).thenThrows(AccountDeletionNotRequestedError);
  });

  it('records nothing the second time (a job run again)', () => {
    given([registered, requested, erased]).when({ type: 'EraseAccount', data: { userId } }, { now: new Date(due) }).then([]);
  });
});
