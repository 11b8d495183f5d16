import { randomUUID } from 'node:crypto';
import { Body, Controller, Headers, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { generateJoke, generateJokeRequest, type GenerateJokeResponse } from '@jokes/contracts';
import { parseOrBadRequest } from '../http/zod-body.js';
import { GenerateJokeCommand } from './generate-joke.command.js';

@Controller()
export class GenerateJokeController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(generateJoke.path)
  @HttpCode(200)
  async generate(
    @Body() body: unknown,
    @Headers('x-correlation-id') correlationId?: string,
    @Headers('traceparent') traceparent?: string,
  ): Promise<GenerateJokeResponse> {
    const request = parseOrBadRequest(generateJokeRequest, body);
    return this.commandBus.execute(
      new GenerateJokeCommand(
        {
          comedianStyle: request.comedian_style,
          topic: request.topic,
          length: request.length,
          bypassPremiumCheck: request.bypass_premium_check === true,
          suggestTopic: request.ai_suggest_topic === true,
          userId: request.user_id ?? null,
        },
        { correlationId: correlationId || randomUUID(), traceparent },
      ),
    );
  }
}
