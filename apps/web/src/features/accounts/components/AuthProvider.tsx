import { useMemo, type ReactNode } from 'react';
import { AuthActionsContext } from '../../../shared/auth/use-auth';
import { useAuthActions } from '../hooks/use-auth-actions';
import { useSessionSync } from '../hooks/use-session-sync';

/**
 * Accounts for the whole app: follows the auth client's session into the store
 * and offers the actions behind `useAuth()`. Sits inside the toast provider,
 * as its outcomes are toasts.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { refresh } = useSessionSync();
  const accountActions = useAuthActions();
  const actions = useMemo(() => ({ ...accountActions, refreshUser: refresh }), [accountActions, refresh]);
  return <AuthActionsContext.Provider value={actions}>{children}</AuthActionsContext.Provider>;
}
