import { describe, expect, it } from '@jest/globals';
import type { UserEvent } from '@jokes/domain';
import { evolveUserRow } from './users.read-model.js';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u-1', email: 'ana@example.com', username: 'ana', ageConfirmed: true, rememberMe: true, registeredAt: '2026-11-22T10:00:00.000Z' },
};

describe('users row', () => {
  it('starts unconfirmed at registration', () => {
    expect(evolveUserRow(null, registered)).toMatchObject({ id: 'u-1', email: 'ana@example.com', username: 'ana', email_confirmed: false });
  });

  it('is confirmed after EmailConfirmed and remembers the last sign-in', () => {
    const confirmed = evolveUserRow(evolveUserRow(null, registered), {
      type: 'EmailConfirmed',
      data: { userId: 'u-1', email: 'ana@example.com', confirmedAt: '2026-11-22T10:05:00.000Z' },
    });
    const signedIn = evolveUserRow(confirmed, {
      type: 'SignedIn',
      data: { userId: 'u-1', sessionId: 's-1', method: 'password', rememberMe: true, signedInAt: '2026-11-22T10:06:00.000Z' },
    });
    expect(signedIn).toMatchObject({ email_confirmed: true, last_sign_in_at: '2026-11-22T10:06:00.000Z' });
  });

  it('ignores account events for a user it never saw registered', () => {
    expect(evolveUserRow(null, { type: 'PasswordChanged', data: { userId: 'u-2', method: 'account-settings', changedAt: '2026-11-22T10:00:00.000Z' } })).toBeNull();
  });

  it('keeps the granted roles, sorted and comma-separated, and drops revoked ones', () => {
    const grant = (role: string): UserEvent => ({ type: 'RoleGranted', data: { userId: 'u-1', role, grantedBy: 'cli', grantedAt: '2026-11-22T11:00:00.000Z' } });
    const withRoles = [grant('support'), grant('analyst')].reduce(evolveUserRow, evolveUserRow(null, registered));
    expect(withRoles?.roles).toBe('analyst,support');
    const revoked = evolveUserRow(withRoles, { type: 'RoleRevoked', data: { userId: 'u-1', role: 'analyst', revokedBy: 'cli', revokedAt: '2026-11-22T12:00:00.000Z' } });
    expect(revoked?.roles).toBe('support');
  });

  it('has no voice until one is chosen, then the latest choice', () => {
    const voice = (voiceId: string, previousVoiceId: string | null): UserEvent => ({
      type: 'VoicePreferenceChanged',
      data: { userId: 'u-1', voiceId, previousVoiceId, changedAt: '2026-11-22T13:00:00.000Z' },
    });
    const fresh = evolveUserRow(null, registered);
    expect(fresh?.selected_voice_id).toBeNull();
    expect([voice('flite-slt', null), voice('flite-awb', 'flite-slt')].reduce(evolveUserRow, fresh)?.selected_voice_id).toBe('flite-awb');
  });
});

describe('an erased person', () => {
  const erased: UserEvent = { type: 'AccountErased', data: { userId: 'u-1', erasedAt: '2026-12-22T10:00:00.000Z' } };

  it('keeps the row with every non-personal fact, without the address or the username', () => {
    const row = evolveUserRow(evolveUserRow(null, registered), erased);
    expect(row).toMatchObject({ id: 'u-1', email: null, username: 'erased-user', created_at: '2026-11-22T10:00:00.000Z' });
  });

  it('rebuilds as erased from events whose personal fields can no longer be opened', () => {
    const unreadable: UserEvent = { ...registered, data: { ...registered.data, email: null, username: 'erased-user' } } as UserEvent;
    expect(evolveUserRow(evolveUserRow(null, unreadable), erased)).toEqual(evolveUserRow(evolveUserRow(null, registered), erased));
  });
});
