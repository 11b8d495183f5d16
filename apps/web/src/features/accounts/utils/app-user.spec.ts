import { describe, expect, it } from '@jest/globals';
import { anAuthUser } from '../../../testing/fake-auth-client';
import { deriveUsername, fallbackAppUser, syncRequestFor } from './app-user';

describe('app user', () => {
  it('derives the username from the e-mail, else from the id (SPEC 3)', () => {
    expect(deriveUsername('ana.lyst@example.com', 'abc')).toBe('ana.lyst');
    expect(deriveUsername(undefined, '1234567890abcdef')).toBe('user_12345678');
    expect(deriveUsername('', '1234567890abcdef')).toBe('user_12345678');
  });

  it('asks the sync for a fresh read of the session user', () => {
    const user = anAuthUser('ana@example.com');
    expect(syncRequestFor(user)).toEqual({ id: user.id, email: 'ana@example.com', username: 'ana', force_refresh: true });
  });

  it('falls back to a user without a subscription', () => {
    const user = anAuthUser('ana@example.com', { app_metadata: { roles: ['user', 42] } });
    expect(fallbackAppUser(user)).toEqual({
      id: user.id,
      email: 'ana@example.com',
      username: 'ana',
      created_at: user.created_at,
      stripe_customer_id: null,
      has_active_subscription: false,
      selected_voice_id: null,
      email_confirmed: true,
      roles: ['user'],
    });
  });
});
