import { describe, expect, it } from '@jest/globals';
import type { UserEvent } from './user.events.js';
import { rolesOf } from './roles.js';

const now = new Date('2026-03-10T12:00:00.000Z');
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u-1', email: 'sam@example.com', username: 'sam', ageConfirmed: true, rememberMe: true, registeredAt: '2026-03-01T00:00:00.000Z' },
};
const granted = (role: string): UserEvent => ({ type: 'RoleGranted', data: { userId: 'u-1', role, grantedBy: 'cli', grantedAt: now.toISOString() } });
const revoked = (role: string): UserEvent => ({ type: 'RoleRevoked', data: { userId: 'u-1', role, revokedBy: 'cli', revokedAt: now.toISOString() } });

describe('rolesOf', () => {
  it('folds grants and revocations of a whole user stream, sorted, ignoring other events', () => {
    expect(rolesOf([registered, granted('support'), granted('analyst'), granted('admin'), revoked('admin')])).toEqual(['analyst', 'support']);
  });

  it('is empty for a stream without grants', () => {
    expect(rolesOf([registered])).toEqual([]);
  });
});
