import type { ReactNode } from 'react';
import { RequireLogin } from './RequireLogin';
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
  const { user } = useAuth();
  return <RequireLogin>{hasAnyRole(user, roles) ? children : forbidden}</RequireLogin>;
}
