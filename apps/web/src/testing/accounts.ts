import type { AppUser } from '@jokes/contracts';
import type { User } from '@supabase/auth-js';
import { json, type FakeApi } from './fake-api';

/** The record POST /api/sync-user answers for an auth user. */
export function anAppUser(authUser: User, overrides: Partial<AppUser> = {}): AppUser {
  return {
    id: authUser.id,
    email: authUser.email ?? '',
    username: (authUser.email ?? '').split('@')[0] ?? '',
    created_at: authUser.created_at,
    stripe_customer_id: null,
    has_active_subscription: false,
    selected_voice_id: null,
    email_confirmed: true,
    roles: ['user'],
    ...overrides,
  };
}

/** Answers the sync with the app user of whoever the request names. */
export function answerSync(server: FakeApi, userFor: (id: string) => AppUser): FakeApi {
  return server.on('POST /api/sync-user', async (request) => {
    const { id } = (await request.json()) as { id: string };
    return json(userFor(id));
  });
}

export const requestsTo = (server: FakeApi, route: string): Request[] =>
  server.requests.filter((request) => `${request.method} ${new URL(request.url).pathname}` === route);
