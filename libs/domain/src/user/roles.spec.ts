import { describe, expect, it } from '@jest/globals';
import { UserNotFoundError } from './user.errors.js';
import { evolveUser, initialUserState, type UserEvent } from './user.events.js';
import { grantRole, revokeRole, rolesOf, UnknownRoleError } from './roles.js';

const now = new Date('2026-03-10T12:00:00.000Z');
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u-1', email: 'sam@example.com', username: 'sam', ageConfirmed: true, rememberMe: true, registeredAt: '2026-03-01T00:00:00.000Z' },
};
const granted = (role: string): UserEvent => ({ type: 'RoleGranted', data: { userId: 'u-1', role, grantedBy: 'cli', grantedAt: now.toISOString() } });
const revoked = (role: string): UserEvent => ({ type: 'RoleRevoked', data: { userId: 'u-1', role, revokedBy: 'cli', revokedAt: now.toISOString() } });
const stateOf = (events: UserEvent[]) => events.reduce(evolveUser, initialUserState);

describe('rolesOf', () => {
  it('folds grants and revocations of a whole user stream, sorted, ignoring other events', () => {
    expect(rolesOf([registered, granted('support'), granted('analyst'), granted('admin'), revoked('admin')])).toEqual(['analyst', 'support']);
  });

  it('is empty for a stream without grants', () => {
    expect(rolesOf([registered])).toEqual([]);
  });
});

describe('grantRole', () => {
  it('grants a known role to a registered user', () => {
    expect(grantRole(stateOf([registered]), { userId: 'u-1', role: 'support', by: 'cli' }, { now })).toEqual([granted('support')]);
  });

  it('records nothing for a role the user already has', () => {
    expect(grantRole(stateOf([registered, granted('support')]), { userId: 'u-1', role: 'support', by: 'cli' }, { now })).toEqual([]);
  });

  it('refuses an unknown role', () => {
    expect(() => grantRole(stateOf([registered]), { userId: 'u-1', role: 'superuser', by: 'cli' }, { now })).toThrow(UnknownRoleError);
  });

  it('refuses a user who is not registered', () => {
    expect(() => grantRole(initialUserState, { userId: 'u-9', role: 'admin', by: 'cli' }, { now })).toThrow(UserNotFoundError);
  });
});

describe('revokeRole', () => {
  it('revokes a role the user has, and records nothing for one the user lacks', () => {
    const state = stateOf([registered, granted('analyst')]);
    expect(revokeRole(state, { userId: 'u-1', role: 'analyst', by: 'cli' }, { now })).toEqual([revoked('analyst')]);
    expect(revokeRole(state, { userId: 'u-1', role: 'admin', by: 'cli' }, { now })).toEqual([]);
  });
});
