import { Body, Controller, HttpCode, NotFoundException, Post } from '@nestjs/common';
import { syncUser, syncUserRequest, type AppUser } from '@jokes/contracts';
import { assertOwnUserId, CurrentCaller, requireCaller, type Caller } from '@jokes/server';
import { EntityManager } from '@mikro-orm/postgresql';
import { parseOrBadRequest } from '../http/parse.js';
import { UserView } from './user.entity.js';

/** A token is proof the account exists; its row may trail the sign-up by a moment. */
const APPEAR_TIMEOUT_MS = 2000;

@Controller()
export class SyncUserController {
  constructor(private readonly em: EntityManager) {}

  @Post(syncUser.path)
  @HttpCode(200)
  async sync(@Body() body: unknown, @CurrentCaller() caller: Caller | undefined): Promise<AppUser> {
    const who = requireCaller(caller);
    const request = parseOrBadRequest(syncUserRequest, body);
    assertOwnUserId(who, request.id);
    const user = await this.findUser(who.userId);
    if (!user) throw new NotFoundException({ error: 'Not Found', message: 'No account found for this session.' });
    return {
      id: user.id,
      email: user.email,
      username: user.username,
      created_at: user.createdAt.toISOString(),
      // Billing fills these; until then nobody has a subscription or a customer id.
      stripe_customer_id: null,
      has_active_subscription: false,
      selected_voice_id: null,
      email_confirmed: user.emailConfirmed,
      roles: who.roles,
    };
  }

  private async findUser(userId: string) {
    const deadline = Date.now() + APPEAR_TIMEOUT_MS;
    for (let delay = 20; ; delay = Math.min(delay * 2, 200)) {
      const user = await this.em.fork().findOne(UserView, { id: userId });
      if (user || Date.now() + delay > deadline) return user;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
