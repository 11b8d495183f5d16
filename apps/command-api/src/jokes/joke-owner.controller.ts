import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import {
  removeJokeFromHistory,
  removeJokeFromHistoryRequest,
  unpublishJoke,
  unpublishJokeRequest,
  type RemoveJokeFromHistoryResponse,
  type UnpublishJokeResponse,
} from '@jokes/contracts';
import type { CommandOrigin } from '@jokes/event-store';
import { assertOwnUserId, type Caller, CurrentCaller, parseOrBadRequest, requireCaller } from '@jokes/server';
import { Origin } from '../http/command-origin.js';
import { RateLimited } from '../rate-limits/rate-limited.decorator.js';
import { JokeCommandRunner } from './joke-command.runner.js';

/** What a joke's owner does with it from History: the routes of the commands only its owner may give. */
@Controller()
export class JokeOwnerController {
  constructor(@Inject(JokeCommandRunner) private readonly jokes: JokeCommandRunner) {}

  /** Counted with shares: publishing and unpublishing are one lever, and each may append one event. */
  @Post(unpublishJoke.path)
  @RateLimited('share')
  @HttpCode(200)
  async unpublish(
    @Param('id') jokeId: string,
    @Body() body: unknown,
    @CurrentCaller() caller: Caller | undefined,
    @Origin() origin: CommandOrigin,
  ): Promise<UnpublishJokeResponse> {
    const who = requireCaller(caller);
    const { user_id } = parseOrBadRequest(unpublishJokeRequest, body);
    assertOwnUserId(who, user_id);
    const { answer } = await this.jokes.run({ type: 'UnpublishJoke', data: { jokeId, userId: who.userId } }, { actor: who.userId, origin });
    return { id: jokeId, position: answer };
  }

  /** Counted with shares too: it takes the public page down, and appends at most two events. */
  @Post(removeJokeFromHistory.path)
  @RateLimited('share')
  @HttpCode(200)
  async removeFromHistory(
    @Param('id') jokeId: string,
    @Body() body: unknown,
    @CurrentCaller() caller: Caller | undefined,
    @Origin() origin: CommandOrigin,
  ): Promise<RemoveJokeFromHistoryResponse> {
    const who = requireCaller(caller);
    const { user_id } = parseOrBadRequest(removeJokeFromHistoryRequest, body);
    assertOwnUserId(who, user_id);
    const { answer } = await this.jokes.run({ type: 'RemoveJokeFromHistory', data: { jokeId, userId: who.userId } }, { actor: who.userId, origin });
    return { id: jokeId, position: answer };
  }
}
