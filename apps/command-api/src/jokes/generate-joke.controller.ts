import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { generateJoke, generateJokeRequest, type ContentRefusedBody, type GenerateJokeResponse } from '@jokes/contracts';
import type { CommandOrigin } from '@jokes/event-store';
import { assertOwnUserId, type Caller, CurrentCaller, parseOrBadRequest, clientKey } from '@jokes/server';
import { Origin } from '../http/command-origin.js';
import type { Request, Response } from 'express';
import { clientAddressOf } from '../http/client-address.js';
import { GenerateJokeCommand } from './generate-joke.command.js';
import type { GenerateJokeOutcome } from './generate-joke.handler.js';
import { RateLimited } from '../rate-limits/rate-limited.decorator.js';

@Controller()
export class GenerateJokeController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(generateJoke.path)
  @RateLimited('generate')
  @HttpCode(200)
  async generate(
    @Body() body: unknown,
    @CurrentCaller() caller: Caller | undefined,
    @Origin() origin: CommandOrigin,
    @Req() httpRequest: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<GenerateJokeResponse | ContentRefusedBody> {
    const request = parseOrBadRequest(generateJokeRequest, body);
    assertOwnUserId(caller, request.user_id);
    const outcome = await this.commandBus.execute<GenerateJokeCommand, GenerateJokeOutcome>(
      new GenerateJokeCommand(
        {
          comedianStyle: request.comedian_style,
          topic: request.topic,
          length: request.length,
          bypassPremiumCheck: request.bypass_premium_check === true,
          aiSuggestTopic: request.ai_suggest_topic === true,
          // A signed-in caller's jokes are theirs even when the body leaves user_id out.
          userId: caller?.userId ?? null,
          // The writer keeps its forms apart per person: the account, or without one the client (IPv6 by /64).
          visitor: caller ? `user:${caller.userId}` : `client:${clientKey(clientAddressOf(httpRequest))}`,
        },
        origin,
      ),
    );
    if (!outcome.refused) return outcome.joke;
    // Answered, not thrown: the refusal's event stands (a thrown error rolls back a keyed request's appends).
    response.status(422);
    return outcome.body;
  }
}
