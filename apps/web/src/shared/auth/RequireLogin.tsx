import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '../ui/PageSpinner';
import { useAuth } from './use-auth';

interface RequireLoginProps {
  children: ReactNode;
  /** What the spinner says while the session (and its user) is being read. */
  checkingLabel?: string;
}

/**
 * SPEC 2: pages that need a login send visitors to /auth, once the session is
 * known. The base of the other gates (Pro, staff roles), which add their own
 * check inside it.
 */
export function RequireLogin({ children, checkingLabel = 'Checking your session' }: RequireLoginProps) {
  const { user, isResolving } = useAuth();
  const location = useLocation();

  if (isResolving) return <PageSpinner label={checkingLabel} />;
  if (user === null) return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  return children;
}
