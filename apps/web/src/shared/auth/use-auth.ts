import type { Session } from '@supabase/auth-js';
import { createContext, useContext } from 'react';
import { useSelector } from 'react-redux';
import {
  selectAuthLoading,
  selectAuthStatus,
  selectIsSubscribed,
  selectSession,
  selectSessionUser,
  type AuthRootState,
  type SessionUser,
} from './auth.slice';

export type { SessionUser } from './auth.slice';

/** A recovery token from a reset link: the hash's access token, or the query's code. */
export interface RecoveryToken {
  source: 'hash' | 'code';
  token: string;
}

/** Whether a password update also ended the (recovery) session. */
export type PasswordUpdateOutcome = 'updated' | 'updated-and-signed-out';

/**
 * How a sign-in ended. Failures are told apart because the login form words
 * them a second time on its own, below the toast (SPEC 8 'Login').
 */
export type SignInOutcome = 'signed-in' | SignInFailure;
export type SignInFailure = 'invalid-credentials' | 'email-not-confirmed' | 'account-pending-deletion' | 'failed';

/**
 * What accounts do (SPEC 4 and 8). Sign-in, sign-up, sign-out and the reset
 * request report to the user themselves (toasts) and resolve to whether they
 * succeeded (sign-in: how it ended); a password update throws, as each page
 * words its failures itself.
 */
export interface AuthActions {
  signIn: (email: string, password: string, rememberMe: boolean) => Promise<SignInOutcome>;
  signUp: (email: string, password: string, rememberMe: boolean, ageConfirmed: boolean) => Promise<boolean>;
  signOut: () => Promise<void>;
  resetPassword: (email: string) => Promise<boolean>;
  updatePassword: (password: string, recovery?: RecoveryToken) => Promise<PasswordUpdateOutcome>;
  /**
   * Syncs the signed-in user again (after subscribing, or Sync Status). Rejects,
   * keeping the user as they were, when the sync fails; the caller reports it.
   */
  refreshUser: () => Promise<void>;
}

export interface AuthState extends AuthActions {
  user: SessionUser | null;
  session: Session | null;
  isSubscribed: boolean;
  /** On while one of the actions above runs. */
  loading: boolean;
  /** On until the stored session, if any, is known and its user resolved. */
  isInitialising: boolean;
  /**
   * On while it is not yet known who is here: initialising, or signed in with
   * the user (and subscription) still syncing. Such a visitor is neither
   * logged out nor free, so gates wait instead of deciding.
   */
  isResolving: boolean;
}

export const AuthActionsContext = createContext<AuthActions | null>(null);

/** The signed-in state and the account actions; only inside the auth provider. */
export function useAuth(): AuthState {
  const actions = useContext(AuthActionsContext);
  if (actions === null) throw new Error('useAuth must be used within an AuthProvider');
  const user = useSelector((state: AuthRootState) => selectSessionUser(state));
  const session = useSelector((state: AuthRootState) => selectSession(state));
  const isSubscribed = useSelector((state: AuthRootState) => selectIsSubscribed(state));
  const loading = useSelector((state: AuthRootState) => selectAuthLoading(state));
  const isInitialising = useSelector((state: AuthRootState) => selectAuthStatus(state)) === 'initialising';
  const isResolving = isInitialising || (session !== null && user === null);
  return { ...actions, user, session, isSubscribed, loading, isInitialising, isResolving };
}
