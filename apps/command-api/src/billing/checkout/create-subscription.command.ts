import type { PlanType } from '@jokes/domain';
import type { RequestContext } from '../request-context.js';

export class CreateSubscriptionCommand {
  constructor(
    readonly input: { userId: string; email: string; plan: PlanType; promoCode: string | null },
    readonly context: RequestContext,
  ) {}
}
