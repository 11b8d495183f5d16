import type { EventStore } from '@jokes/event-store';
import { EntitlementsService } from '../entitlements.service.js';
import { JokeCommandRunner } from '../joke-command.runner.js';
import { createContentSafety } from '../safety/content-safety.factory.js';
import type { ContentSafety } from '../safety/content-safety.port.js';
import { createJokeWriter } from '../writers/joke-writer.factory.js';
import type { JokeWriter } from '../writers/joke-writer.port.js';

/** The runner on a store, with the offline writer and moderator unless a spec brings its own. */
export function jokeCommandRunner(store: EventStore, { writer = createJokeWriter({}), safety = createContentSafety({}) }: { writer?: JokeWriter; safety?: ContentSafety } = {}): JokeCommandRunner {
  return new JokeCommandRunner(store, writer, new EntitlementsService(store), safety);
}
