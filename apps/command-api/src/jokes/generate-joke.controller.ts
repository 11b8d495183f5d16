import { randomUUID } from 'node:crypto';
import { Body, Controller, Headers, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { generateJoke, generateJokeRequest, type GenerateJokeResponse } from '@jokes/contracts';
import { assertOwnUserId, type Caller, CurrentCaller, parseOrBadRequest } from '@jokes/server';
import { GenerateJokeCommand } from './generate-joke.command.js';

@Controller()
export class GenerateJokeController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(generateJoke.path)
  @HttpCode(200)
  async generate(
    @Body() body: unknown,
    @CurrentCaller() caller: Caller | undefined,
    @Headers('x-correlation-id') correlationId?: string,
    @Headers('traceparent') traceparent?: string,
  ): Promise<GenerateJokeResponse> {
    const request = parseOrBadRequest(generateJokeRequest, body);
    assertOwnUserId(caller, request.user_id);
    return this.commandBus.execute(
      new GenerateJokeCommand(
        {
          comedianStyle: request.comedian_style,
          topic: request.topic,
          length: request.length,
          bypassPremiumCheck: request.bypass_premium_check === true,
          suggestTopic: request.ai_suggest_topic === true,
          // A signed-in caller's jokes are theirs even when the body leaves user_id out.
          userId: caller?.userId ?? null,
        },
        { correlationId: correlationId || randomUUID(), traceparent },
      ),
    );
  }
}
