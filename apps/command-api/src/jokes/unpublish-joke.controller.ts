import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { unpublishJoke, unpublishJokeRequest, type UnpublishJokeResponse } from '@jokes/contracts';
import type { CommandOrigin } from '@jokes/event-store';
import { assertOwnUserId, type Caller, CurrentCaller, parseOrBadRequest, requireCaller } from '@jokes/server';
import { Origin } from '../http/command-origin.js';
import { RateLimited } from '../rate-limits/rate-limited.decorator.js';
import { UnpublishJokeCommand } from './unpublish-joke.command.js';

@Controller()
export class UnpublishJokeController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

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
    return this.commandBus.execute(new UnpublishJokeCommand({ jokeId, userId: who.userId }, origin));
  }
}
