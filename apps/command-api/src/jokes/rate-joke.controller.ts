import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { rateJoke, rateJokeRequest, type RateJokeResponse } from '@jokes/contracts';
import type { JokeRating } from '@jokes/domain';
import type { CommandOrigin } from '@jokes/event-store';
import { assertOwnUserId, type Caller, CurrentCaller, parseOrBadRequest, requireCaller } from '@jokes/server';
import { Origin } from '../http/command-origin.js';
import { RateLimited } from '../rate-limits/rate-limited.decorator.js';
import { JokeCommandRunner } from './joke-command.runner.js';

@Controller()
export class RateJokeController {
  constructor(@Inject(JokeCommandRunner) private readonly jokes: JokeCommandRunner) {}

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
    const rating = request.rating as JokeRating;
    const { answer } = await this.jokes.run({ type: 'RateJoke', data: { jokeId, userId: who.userId, rating } }, { actor: who.userId, origin });
    // The same rating again appends nothing: the joke's newest position still covers it.
    return { id: jokeId, rating, position: answer };
  }
}
