import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '../ui/PageSpinner';
import { hasAnyRole } from './roles';
import { useAuth } from './use-auth';

interface RequireRoleProps {
  roles: readonly string[];
  /** What someone signed in without the role sees (the pages pass the 404 page). */
  forbidden: ReactNode;
  children: ReactNode;
}

/**
 * DESIGN 11: staff pages. Logged out, the visitor is sent to /auth; signed in
 * without one of `roles`, they get `forbidden`. The APIs check the role again
 * (403), so this only spares people a page that cannot work for them.
 */
export function RequireRole({ roles, forbidden, children }: RequireRoleProps) {
  const { user, session, isInitialising } = useAuth();
  const location = useLocation();

  if (isInitialising || (session !== null && user === null)) return <PageSpinner label="Checking your session" />;
  if (user === null) return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  return hasAnyRole(user, roles) ? children : forbidden;
}
