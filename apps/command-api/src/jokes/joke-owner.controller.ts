import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ownJokeRequest, removeJokeFromHistory, unpublishJoke, type OwnJokeResponse } from '@jokes/contracts';
import type { CommandOrigin } from '@jokes/event-store';
import { assertOwnUserId, type Caller, CurrentCaller, parseOrBadRequest, requireCaller } from '@jokes/server';
import { Origin } from '../http/command-origin.js';
import { RateLimited } from '../rate-limits/rate-limited.decorator.js';
import { JokeCommandRunner } from './joke-command.runner.js';

/** The commands only a joke's owner may give, each with nothing but the joke and who gives it. */
type OwnerCommand = 'UnpublishJoke' | 'RemoveJokeFromHistory';

/**
 * What a joke's owner does with it from History. Both are counted with shares:
 * publishing and unpublishing are one lever, and each call may append (one
 * event, or two for a removal that takes the page down first).
 */
@Controller()
export class JokeOwnerController {
  constructor(@Inject(JokeCommandRunner) private readonly jokes: JokeCommandRunner) {}

  @Post(unpublishJoke.path)
  @RateLimited('share')
  @HttpCode(200)
  unpublish(@Param('id') jokeId: string, @Body() body: unknown, @CurrentCaller() caller: Caller | undefined, @Origin() origin: CommandOrigin): Promise<OwnJokeResponse> {
    return this.run('UnpublishJoke', jokeId, body, caller, origin);
  }

  @Post(removeJokeFromHistory.path)
  @RateLimited('share')
  @HttpCode(200)
  removeFromHistory(@Param('id') jokeId: string, @Body() body: unknown, @CurrentCaller() caller: Caller | undefined, @Origin() origin: CommandOrigin): Promise<OwnJokeResponse> {
    return this.run('RemoveJokeFromHistory', jokeId, body, caller, origin);
  }

  /** A session, its own user id in the body (403 otherwise), then the command in the owner's name. */
  private async run(type: OwnerCommand, jokeId: string, body: unknown, caller: Caller | undefined, origin: CommandOrigin): Promise<OwnJokeResponse> {
    const who = requireCaller(caller);
    const { user_id } = parseOrBadRequest(ownJokeRequest, body);
    assertOwnUserId(who, user_id);
    const { answer } = await this.jokes.run({ type, data: { jokeId, userId: who.userId } }, { actor: who.userId, origin });
    return { id: jokeId, position: answer };
  }
}
