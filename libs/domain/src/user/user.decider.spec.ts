import { describe, expect, it } from '@jest/globals';
import { givenWhenThen } from '../testing/index.js';
import { UnknownRoleError } from './roles.js';
import { userDecider, type UserCommand, type UserContext } from './user.decider.js';
import { AgeConfirmationRequiredError, EmailNotConfirmedError, UserAlreadyRegisteredError, UserNotFoundError } from './user.errors.js';
import { emailReservationStreamId, reservationOwner, type UserEvent } from './user.events.js';

const given = givenWhenThen(userDecider);

const userId = '0b7c1f0e-5a4e-4c1b-9f59-3d2c1a0e8b71';
const at = '2025-03-14T09:26:53.000Z';
const now: UserContext = { now: new Date(at) };

const register = (overrides: Partial<Extract<UserCommand, { type: 'RegisterUser' }>['data']> = {}): UserCommand => ({
  type: 'RegisterUser',
  data: { userId, email: '  Ada.Lovelace@Example.COM ', ageConfirmed: true, rememberMe: true, ...overrides },
});

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'ada.lovelace@example.com', username: 'ada.lovelace', ageConfirmed: true, rememberMe: true, registeredAt: at },
};
const confirmed: UserEvent = { type: 'EmailConfirmed', data: { userId, email: 'ada.lovelace@example.com', confirmedAt: at } };
const signIn = (method: 'password' | 'pkce' | 'recovery' | 'email-confirmation' = 'password'): UserCommand => ({
  type: 'SignIn',
  data: { userId, sessionId: 'session-1', method, rememberMe: false },
});

describe('RegisterUser', () => {
  describe('when the account does not exist', () => {
    it('registers the normalized address with the username taken from it and the 18+ confirmation', () => {
      given([]).when(register(), now).then([registered]);
    });

    it('records remember-me as the visitor chose it', () => {
      given([])
        .when(register({ rememberMe: false }), now)
        .then([{ ...registered, data: { ...registered.data, rememberMe: false } } as UserEvent]);
    });

    it('refuses a visitor who did not confirm being 18 or older', () => {
      given([])
        .when(register({ ageConfirmed: false }), now)
        .thenThrows(AgeConfirmationRequiredError, (error) => expect(error.message).toBe('You must confirm that you are 18 or older to sign up.'));
    });
  });

  describe('when the account exists', () => {
    it('refuses to register it twice', () => {
      given([registered]).when(register(), now).thenThrows(UserAlreadyRegisteredError);
    });
  });
});

describe('ConfirmEmail', () => {
  it('confirms the address of a registered user', () => {
    given([registered]).when({ type: 'ConfirmEmail', data: { userId } }, now).then([confirmed]);
  });

  it('records nothing when the address is already confirmed', () => {
    given([registered, confirmed]).when({ type: 'ConfirmEmail', data: { userId } }, now).then([]);
  });

  it('refuses an unknown user', () => {
    given([]).when({ type: 'ConfirmEmail', data: { userId } }, now).thenThrows(UserNotFoundError);
  });
});

describe('SignIn', () => {
  describe('when the address is not confirmed', () => {
    it.each(['password', 'pkce', 'recovery', 'email-confirmation'] as const)('refuses a %s sign-in', (method) => {
      given([registered]).when(signIn(method), now).thenThrows(EmailNotConfirmedError);
    });
  });

  describe('when the address is confirmed', () => {
    it('records the session, the method and the remember-me choice', () => {
      given([registered, confirmed])
        .when(signIn(), now)
        .then([{ type: 'SignedIn', data: { userId, sessionId: 'session-1', method: 'password', rememberMe: false, signedInAt: at } }]);
    });
  });

  it('refuses an unknown user', () => {
    given([]).when(signIn(), now).thenThrows(UserNotFoundError);
  });
});

describe('RequestPasswordReset', () => {
  it('records the request, confirmed or not (the link proves the address)', () => {
    given([registered])
      .when({ type: 'RequestPasswordReset', data: { userId } }, now)
      .then([{ type: 'PasswordResetRequested', data: { userId, requestedAt: at } }]);
  });

  it('refuses an unknown user', () => {
    given([]).when({ type: 'RequestPasswordReset', data: { userId } }, now).thenThrows(UserNotFoundError);
  });
});

describe('ChangePassword', () => {
  it('records the change and its method, and revokes each session the old password opened, once', () => {
    given([registered, confirmed])
      .when({ type: 'ChangePassword', data: { userId, method: 'recovery-link', revokeSessionIds: ['s-1', 's-2', 's-1'] } }, now)
      .then([
        { type: 'PasswordChanged', data: { userId, method: 'recovery-link', changedAt: at } },
        { type: 'SessionRevoked', data: { userId, sessionId: 's-1', reason: 'password-changed', revokedAt: at } },
        { type: 'SessionRevoked', data: { userId, sessionId: 's-2', reason: 'password-changed', revokedAt: at } },
      ]);
  });

  it('records only the change when no other session is live', () => {
    given([registered, confirmed])
      .when({ type: 'ChangePassword', data: { userId, method: 'account-settings', revokeSessionIds: [] } }, now)
      .then([{ type: 'PasswordChanged', data: { userId, method: 'account-settings', changedAt: at } }]);
  });

  it('refuses an unknown user', () => {
    given([])
      .when({ type: 'ChangePassword', data: { userId, method: 'reset-endpoint', revokeSessionIds: [] } }, now)
      .thenThrows(UserNotFoundError);
  });
});

describe('SignOut and RevokeSession', () => {
  it('records a sign-out with its scope', () => {
    given([registered, confirmed])
      .when({ type: 'SignOut', data: { userId, sessionId: 'session-1', scope: 'global' } }, now)
      .then([{ type: 'SignedOut', data: { userId, sessionId: 'session-1', scope: 'global', signedOutAt: at } }]);
  });

  it('revokes a session whose refresh token was used twice', () => {
    given([registered, confirmed])
      .when({ type: 'RevokeSession', data: { userId, sessionId: 'session-1', reason: 'refresh-token-reused' } }, now)
      .then([{ type: 'SessionRevoked', data: { userId, sessionId: 'session-1', reason: 'refresh-token-reused', revokedAt: at } }]);
  });

  it('refuses to sign out an unknown user', () => {
    given([]).when({ type: 'SignOut', data: { userId, sessionId: null, scope: 'local' } }, now).thenThrows(UserNotFoundError);
  });
});

describe('GrantRole and RevokeRole', () => {
  const granted = (role: string): UserEvent => ({ type: 'RoleGranted', data: { userId, role, grantedBy: 'cli', grantedAt: at } });
  const revoked = (role: string): UserEvent => ({ type: 'RoleRevoked', data: { userId, role, revokedBy: 'cli', revokedAt: at } });
  const grant = (role: string): UserCommand => ({ type: 'GrantRole', data: { userId, role, by: 'cli' } });
  const revoke = (role: string): UserCommand => ({ type: 'RevokeRole', data: { userId, role, by: 'cli' } });

  it('grants a known role to a registered user', () => {
    given([registered]).when(grant('support'), now).then([granted('support')]);
  });

  it('records nothing for a role the user already has', () => {
    given([registered, granted('support')]).when(grant('support'), now).then([]);
  });

  it('refuses an unknown role', () => {
    given([registered]).when(grant('superuser'), now).thenThrows(UnknownRoleError);
  });

  it('refuses a user who is not registered', () => {
    given([]).when(grant('admin'), now).thenThrows(UserNotFoundError);
  });

  it('revokes a role the user has, and records nothing for one the user lacks', () => {
    given([registered, granted('analyst')]).when(revoke('analyst'), now).then([revoked('analyst')]);
    given([registered, granted('analyst')]).when(revoke('admin'), now).then([]);
  });

  it('keeps the roles sorted in the state, so tokens and rows compare equal', () => {
    const state = [registered, granted('support'), granted('analyst'), granted('admin'), revoked('admin')].reduce(userDecider.evolve, userDecider.initialState());
    expect(state).toMatchObject({ roles: ['analyst', 'support'] });
  });
});

describe('evolve', () => {
  it('remembers the account, its confirmation, its last sign-in and password change', () => {
    const events: UserEvent[] = [
      registered,
      confirmed,
      { type: 'SignedIn', data: { userId, sessionId: 's', method: 'password', rememberMe: true, signedInAt: '2025-03-15T00:00:00.000Z' } },
      { type: 'PasswordChanged', data: { userId, method: 'account-settings', changedAt: '2025-03-16T00:00:00.000Z' } },
    ];
    expect(events.reduce(userDecider.evolve, userDecider.initialState())).toEqual({
      status: 'registered',
      userId,
      email: 'ada.lovelace@example.com',
      username: 'ada.lovelace',
      registeredAt: at,
      emailConfirmedAt: at,
      lastSignInAt: '2025-03-15T00:00:00.000Z',
      passwordChangedAt: '2025-03-16T00:00:00.000Z',
      roles: [],
      selectedVoiceId: null,
      deletion: null,
    });
  });

  it('names the reservation stream by the keyed hash it is given, never by the address', () => {
    expect(emailReservationStreamId('9f86d081884c7d65')).toBe('email-9f86d081884c7d65');
  });

  it('frees a reservation once it is released and gives it to whoever reserved it last', () => {
    const reserved = (owner: string) => ({ type: 'EmailReserved', data: { email: null, userId: owner, reservedAt: at } });
    const released = { type: 'EmailReleased', data: { userId: 'first', releasedAt: at } };
    expect(reservationOwner([])).toBeNull();
    expect(reservationOwner([reserved('first')])).toBe('first');
    expect(reservationOwner([reserved('first'), released])).toBeNull();
    expect(reservationOwner([reserved('first'), released, reserved('second')])).toBe('second');
  });
});
