import { Body, Controller, ForbiddenException, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { shareJoke, shareJokeRequest, type ShareJokeResponse } from '@jokes/contracts';
import type { CommandOrigin } from '@jokes/event-store';
import { type Caller, CurrentCaller, parseOrBadRequest } from '@jokes/server';
import { Origin } from '../http/command-origin.js';
import { RateLimited } from '../rate-limits/rate-limited.decorator.js';
import { JokeCommandRunner } from './joke-command.runner.js';

@Controller()
export class ShareJokeController {
  constructor(@Inject(JokeCommandRunner) private readonly jokes: JokeCommandRunner) {}

  @Post(shareJoke.path)
  @RateLimited('share')
  @HttpCode(200)
  async share(
    @Param('id') jokeId: string,
    @Body() body: unknown,
    @CurrentCaller() caller: Caller | undefined,
    @Origin() origin: CommandOrigin,
  ): Promise<ShareJokeResponse> {
    const request = parseOrBadRequest(shareJokeRequest, body);
    // Anonymous visitors may share, but nobody may share as someone else: without a session a
    // named user is as foreign as another user's id (403; the contract has no 401 here).
    if (request.user_id != null && request.user_id !== caller?.userId) {
      throw new ForbiddenException({ error: 'Forbidden', message: 'You can only act on your own account.' });
    }
    const userId = caller?.userId ?? null;
    const { answer } = await this.jokes.run(
      { type: 'ShareJoke', data: { jokeId, userId, visitorId: request.visitor_id, platform: request.platform } },
      { actor: userId ?? 'anonymous', origin },
    );
    // A share always appends, so the position is the new event's.
    return { position: answer! };
  }
}
