import type { UnpublishJoke } from '@jokes/domain';
import type { CommandOrigin } from '@jokes/event-store';

/** The owner takes their joke's public page down; `userId` is the verified caller's, never taken from the body. */
export class UnpublishJokeCommand {
  constructor(
    readonly input: UnpublishJoke['data'],
    readonly origin: CommandOrigin,
  ) {}
}
