import type { JokeRating } from '@jokes/domain';
import type { CommandOrigin } from '@jokes/event-store';

export class RateJokeCommand {
  constructor(
    /** `userId` is the verified caller's, never taken from the body. */
    readonly input: { jokeId: string; userId: string; rating: JokeRating },
    readonly origin: CommandOrigin,
  ) {}
}
