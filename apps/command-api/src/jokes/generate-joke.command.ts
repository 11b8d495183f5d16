import type { JokeLength } from '@jokes/domain';
import type { CommandOrigin } from '@jokes/event-store';

export class GenerateJokeCommand {
  constructor(
    readonly input: {
      comedianStyle: string;
      topic: string;
      length: JokeLength;
      bypassPremiumCheck: boolean;
      aiSuggestTopic: boolean;
      userId: string | null;
      /** Who the joke is shown to, for the writer's variety (see JokeRequest.visitor); never stored. */
      visitor?: string;
    },
    readonly origin: CommandOrigin,
  ) {}
}
