import type { SharePlatform } from '@jokes/domain';
import type { CommandOrigin } from '@jokes/event-store';

export class ShareJokeCommand {
  constructor(
    /** `userId` is the verified caller's, or null for an anonymous visitor. */
    readonly input: { jokeId: string; userId: string | null; visitorId: string; platform: SharePlatform },
    readonly origin: CommandOrigin,
  ) {}
}
