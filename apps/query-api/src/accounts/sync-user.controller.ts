import { Controller, NotFoundException } from '@nestjs/common';
import { syncUser, type AppUser } from '@jokes/contracts';
import { entitlementsReadModel, usersReadModel } from '@jokes/read-models';
import { pollUntil } from '../consistency/consistency.service.js';
import { Read, ReadQuery, type ReadOf } from '../reading/read-query.decorator.js';
import { entityOf } from '@jokes/read-models/entities';

@Controller()
export class SyncUserController {
  @ReadQuery(syncUser, { caller: 'owner', owner: ({ body }) => body.id })
  async sync(@Read() { caller, em }: ReadOf<typeof syncUser>): Promise<AppUser> {
    // A token is proof the account exists; its row may trail the sign-up by a moment.
    const user = await pollUntil(() => em.fork().findOne(entityOf(usersReadModel), { id: caller.userId }));
    if (!user) throw new NotFoundException({ error: 'Not Found', message: 'No account found for this session.' });
    const entitlement = await em.findOne(entityOf(entitlementsReadModel), { user_id: caller.userId });
    return {
      id: user.id,
      // Only a live account has a token to ask with; an erased one has no address left.
      email: user.email ?? '',
      username: user.username,
      created_at: user.created_at.toISOString(),
      // Null until the first checkout creates a customer at the payment provider.
      stripe_customer_id: entitlement?.stripe_customer_id ?? null,
      // Active, trialing or past due (SPEC section 4); only a literal true counts.
      has_active_subscription: entitlement?.has_active_subscription === true,
      selected_voice_id: user.selected_voice_id,
      email_confirmed: user.email_confirmed,
      roles: caller.roles,
    };
  }
}
