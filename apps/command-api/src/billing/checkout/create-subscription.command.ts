import type { PlanType } from '@jokes/domain';
import type { CommandOrigin } from '@jokes/event-store';

export class CreateSubscriptionCommand {
  constructor(
    readonly input: { userId: string; email: string; plan: PlanType; promoCode: string | null },
    readonly origin: CommandOrigin,
  ) {}
}
