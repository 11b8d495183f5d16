import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { dismissJokeReports, withdrawJoke, withdrawJokeRequest, type JokeTakedownResponse } from '@jokes/contracts';
import { SUPPORT_ROLES } from '@jokes/domain';
import type { CommandOrigin } from '@jokes/event-store';
import { type Caller, CurrentCaller, parseOrBadRequest, requireAnyRole } from '@jokes/server';
import { Origin } from '../http/command-origin.js';
import { DismissJokeReportsCommand, WithdrawJokeCommand } from './moderation.commands.js';

const STAFF_ONLY = 'Reported jokes are for support staff.';

/** Support's answers to the queue: take a joke down, or leave it up. */
@Controller()
export class JokeTakedownController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(withdrawJoke.path)
  @HttpCode(200)
  async withdraw(
    @Param('id') jokeId: string,
    @Body() body: unknown,
    @CurrentCaller() caller: Caller | undefined,
    @Origin() origin: CommandOrigin,
  ): Promise<JokeTakedownResponse> {
    const staff = requireAnyRole(caller, SUPPORT_ROLES, STAFF_ONLY);
    const { reason } = parseOrBadRequest(withdrawJokeRequest, body);
    return this.commandBus.execute(new WithdrawJokeCommand({ jokeId, reason, staffId: staff.userId }, origin));
  }

  @Post(dismissJokeReports.path)
  @HttpCode(200)
  async dismiss(@Param('id') jokeId: string, @CurrentCaller() caller: Caller | undefined, @Origin() origin: CommandOrigin): Promise<JokeTakedownResponse> {
    const staff = requireAnyRole(caller, SUPPORT_ROLES, STAFF_ONLY);
    return this.commandBus.execute(new DismissJokeReportsCommand({ jokeId, staffId: staff.userId }, origin));
  }
}
