import type { ProductRole } from '@jokes/domain';

/** DESIGN 11: who may open the role-gated pages (admin may open all of them). */
export const SUPPORT_ROLES: readonly ProductRole[] = ['support', 'admin'];
export const ANALYST_ROLES: readonly ProductRole[] = ['analyst', 'admin'];

/** The synced user's roles (from the token's app_metadata) include one of `roles`. */
export function hasAnyRole(user: { roles?: readonly string[] } | null, roles: readonly string[]): boolean {
  return user?.roles?.some((role) => roles.includes(role)) ?? false;
}
