import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { rateJoke, rateJokeRequest, type RateJokeResponse } from '@jokes/contracts';
import type { JokeRating } from '@jokes/domain';
import type { CommandOrigin } from '@jokes/event-store';
import { assertOwnUserId, type Caller, CurrentCaller, parseOrBadRequest, requireCaller } from '@jokes/server';
import { Origin } from '../http/command-origin.js';
import { RateJokeCommand } from './rate-joke.command.js';
import { RateLimited } from '../rate-limits/rate-limited.decorator.js';

@Controller()
export class RateJokeController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(rateJoke.path)
  @RateLimited('rate')
  @HttpCode(200)
  async rate(
    @Param('id') jokeId: string,
    @Body() body: unknown,
    @CurrentCaller() caller: Caller | undefined,
    @Origin() origin: CommandOrigin,
  ): Promise<RateJokeResponse> {
    // SPEC 4: rating needs a login, whatever the body says.
    const who = requireCaller(caller);
    const request = parseOrBadRequest(rateJokeRequest, body);
    assertOwnUserId(who, request.user_id);
    // The contract allowed only whole numbers from 1 to 5 (and the decider checks again).
    return this.commandBus.execute(new RateJokeCommand({ jokeId, userId: who.userId, rating: request.rating as JokeRating }, origin));
  }
}
