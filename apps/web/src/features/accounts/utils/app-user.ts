import type { AppUser } from '@jokes/contracts';
import type { User } from '@supabase/auth-js';
import type { SessionUser } from '../../../shared/auth/auth.slice';
import type { SyncUserBody } from '../api/accounts.api';

/** SPEC 3: the part of the e-mail before the @, or user_ and the id's first 8 characters. */
export function deriveUsername(email: string | undefined, id: string): string {
  const local = email?.split('@')[0];
  return local ? local : `user_${id.slice(0, 8)}`;
}

/** SPEC 7: POST /api/sync-user always asks for a fresh read. */
export function syncRequestFor(authUser: User): SyncUserBody {
  return {
    id: authUser.id,
    email: authUser.email,
    username: deriveUsername(authUser.email, authUser.id),
    force_refresh: true,
  };
}

const rolesOf = (authUser: User): string[] => {
  const roles: unknown = authUser.app_metadata.roles;
  return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
};

/** SPEC 8: when the sync fails the user is still logged in, without a subscription. */
export function fallbackAppUser(authUser: User): AppUser {
  return {
    id: authUser.id,
    email: authUser.email ?? '',
    username: deriveUsername(authUser.email, authUser.id),
    created_at: authUser.created_at,
    stripe_customer_id: null,
    has_active_subscription: false,
    selected_voice_id: null,
    email_confirmed: Boolean(authUser.email_confirmed_at),
    roles: rolesOf(authUser),
  };
}

/** The auth provider's user with the app's record laid over it. */
export function mergeUser(authUser: User, appUser: AppUser): SessionUser {
  return { ...authUser, ...appUser };
}
