/**
 * The seam for accounts. Accounts arrive with their own issue; until then every
 * visitor is logged out, and the rest of the app already asks this hook (never a
 * global) so the switch to a real session is a change in one place.
 */
export interface AppUser {
  id: string;
  email: string;
  username: string;
  /** SPEC 3: only a literal true counts as subscribed. */
  has_active_subscription: boolean;
}

export interface AuthState {
  user: AppUser | null;
  isSubscribed: boolean;
}

const LOGGED_OUT: AuthState = { user: null, isSubscribed: false };

export function isSubscribedUser(user: AppUser | null): boolean {
  return user?.has_active_subscription === true;
}

export function useAuth(): AuthState {
  return LOGGED_OUT;
}
