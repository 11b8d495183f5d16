import { DomainError } from '../errors.js';

/**
 * Product roles beyond the signed-in user (DESIGN.md decision 11); `pro` is
 * not here because it follows from the subscription, not from a grant.
 */
export const PRODUCT_ROLES = ['analyst', 'support', 'admin'] as const;
export type ProductRole = (typeof PRODUCT_ROLES)[number];

/** Who works the support queue: reported jokes and their takedown. */
export const SUPPORT_ROLES = ['support', 'admin'] as const satisfies readonly ProductRole[];

export function isProductRole(value: string): value is ProductRole {
  return (PRODUCT_ROLES as readonly string[]).includes(value);
}

export class UnknownRoleError extends DomainError {
  override readonly name = 'UnknownRoleError';
  readonly code = 'unknown_role';

  constructor(readonly role: string) {
    super(`Unknown role "${role}": choose one of ${PRODUCT_ROLES.join(', ')}`);
  }
}

/** RoleGranted or RoleRevoked (user.events.ts), by structure: this file stays below the events it folds. */
export interface RoleEvent {
  type: 'RoleGranted' | 'RoleRevoked';
  data: { role: string };
}

/** The roles after one grant or revocation, sorted so tokens and rows compare equal. */
export function applyRoleEvent(roles: readonly string[], event: RoleEvent): string[] {
  const next = new Set(roles);
  if (event.type === 'RoleGranted') next.add(event.data.role);
  else next.delete(event.data.role);
  return [...next].sort();
}

/**
 * The roles a user's stream grants, for `app_metadata.roles` when a token is
 * issued. Takes the whole stream; events other than grants and revocations
 * are skipped, so callers need not filter.
 */
export function rolesOf(events: readonly { type: string; data: unknown }[]): string[] {
  let roles: string[] = [];
  for (const event of events) {
    if (event.type === 'RoleGranted' || event.type === 'RoleRevoked') roles = applyRoleEvent(roles, event as RoleEvent);
  }
  return roles;
}
