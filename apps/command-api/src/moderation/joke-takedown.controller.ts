import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { dismissJokeReports, withdrawJoke, withdrawJokeRequest, type JokeTakedownResponse } from '@jokes/contracts';
import { jokeStreamId, SUPPORT_ROLES, type JokeGenerated } from '@jokes/domain';
import { EVENT_STORE, type CommandOrigin, type EventStore } from '@jokes/event-store';
import { type Caller, CurrentCaller, parseOrBadRequest, requireAnyRole } from '@jokes/server';
import { Origin } from '../http/command-origin.js';
import { JokeCommandRunner } from '../jokes/joke-command.runner.js';
import { SpeechService } from '../voice/speech.service.js';

const STAFF_ONLY = 'Reported jokes are for support staff.';

/** Support's answers to the queue: take a joke down, or leave it up. The staff member is the events' actor. */
@Controller()
export class JokeTakedownController {
  constructor(
    @Inject(JokeCommandRunner) private readonly jokes: JokeCommandRunner,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SpeechService) private readonly speech: SpeechService,
  ) {}

  /**
   * The joke's stream decides whether it is still up. Once it is withdrawn its
   * narrations are forgotten (a second withdrawal forgets again, which mends
   * one whose forgetting failed).
   */
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
    const { answer } = await this.jokes.run({ type: 'WithdrawJoke', data: { jokeId, reason } }, { actor: staff.userId, origin });
    const [generated] = await this.store.readStream(jokeStreamId(jokeId), { toVersion: 1n });
    if (generated?.type === 'JokeGenerated') await this.speech.forget(jokeId, (generated.data as JokeGenerated['data']).content);
    return { id: jokeId, position: answer };
  }

  @Post(dismissJokeReports.path)
  @HttpCode(200)
  async dismiss(@Param('id') jokeId: string, @CurrentCaller() caller: Caller | undefined, @Origin() origin: CommandOrigin): Promise<JokeTakedownResponse> {
    const staff = requireAnyRole(caller, SUPPORT_ROLES, STAFF_ONLY);
    const { answer } = await this.jokes.run({ type: 'DismissJokeReports', data: { jokeId } }, { actor: staff.userId, origin });
    return { id: jokeId, position: answer };
  }
}
