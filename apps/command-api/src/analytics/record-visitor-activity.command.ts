import type { VisitorActivityItem } from '@jokes/domain';
import type { CommandOrigin } from '@jokes/event-store';

export class RecordVisitorActivityCommand {
  constructor(
    /** Never a user id: the activity is the anonymous visitor's only. */
    readonly input: { visitorId: string; items: readonly VisitorActivityItem[] },
    readonly origin: CommandOrigin,
  ) {}
}
