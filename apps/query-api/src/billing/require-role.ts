import { ForbiddenException } from '@nestjs/common';
import { requireCaller, type Caller } from '@jokes/server';

/** The caller, who must hold one of the roles (from the token's app_metadata.roles); 403 otherwise. */
export function requireAnyRole(caller: Caller | undefined, roles: readonly string[], message: string): Caller {
  const who = requireCaller(caller);
  if (!who.roles.some((role) => roles.includes(role))) throw new ForbiddenException({ error: 'Forbidden', message });
  return who;
}

/** The caller themselves, or support staff looking at someone's account. */
export function requireSelfOrSupport(caller: Caller | undefined, userId: string): Caller {
  const who = requireCaller(caller);
  if (who.userId !== userId && !who.roles.some((role) => role === 'support' || role === 'admin')) {
    throw new ForbiddenException({ error: 'Forbidden', message: 'You can only act on your own account.' });
  }
  return who;
}
