import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../../../shared/auth/use-auth';
import { PageSpinner } from '../../../shared/ui/PageSpinner';

/** SPEC 2: pages that need a login send visitors to /auth, once the session is known. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { user, session, isInitialising } = useAuth();
  const location = useLocation();

  // A session whose user is still syncing is not a logged-out visitor.
  if (isInitialising || (session !== null && user === null)) return <PageSpinner label="Checking your session" />;
  if (user === null) return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  return children;
}
