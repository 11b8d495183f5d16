import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { generateJoke, generateJokeRequest, type ContentRefusedBody, type GenerateJokeResponse } from '@jokes/contracts';
import { jokeOnTheWire } from '@jokes/domain';
import type { CommandOrigin } from '@jokes/event-store';
import { assertOwnUserId, type Caller, CurrentCaller, parseOrBadRequest, clientKey } from '@jokes/server';
import { Origin } from '../http/command-origin.js';
import type { Request, Response } from 'express';
import { clientAddressOf } from '../http/client-address.js';
import { RateLimited } from '../rate-limits/rate-limited.decorator.js';
import { JokeCommandRunner } from './joke-command.runner.js';
import { contentRefusedBody } from './safety/content-refusal.js';

@Controller()
export class GenerateJokeController {
  constructor(@Inject(JokeCommandRunner) private readonly jokes: JokeCommandRunner) {}

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
    // The request's names become the domain's here, the one route that takes a joke request.
    const data = {
      jokeId: randomUUID(),
      // A signed-in caller's jokes are theirs even when the body leaves user_id out.
      userId: caller?.userId ?? null,
      comedianStyle: request.comedian_style,
      topic: request.topic,
      length: request.length,
      bypassPremiumCheck: request.bypass_premium_check === true,
      aiSuggestTopic: request.ai_suggest_topic === true,
    };
    const { newEvents, answer } = await this.jokes.run(
      { type: 'GenerateJoke', data },
      {
        actor: caller?.userId ?? 'anonymous',
        origin,
        // The writer keeps its forms apart per person: the account, or without one the client (IPv6 by /64).
        visitor: caller ? `user:${caller.userId}` : `client:${clientKey(clientAddressOf(httpRequest))}`,
      },
    );
    const [decided] = newEvents;
    if (decided?.type === 'JokeRefused') {
      // Answered, not thrown: the refusal's event stands (a thrown error rolls back a keyed request's appends).
      response.status(422);
      return contentRefusedBody(decided.data);
    }
    if (decided?.type !== 'JokeGenerated') throw new Error('GenerateJoke decided neither a joke nor its refusal');
    return { ...jokeOnTheWire(decided.data), rating: null, position: answer! };
  }
}
