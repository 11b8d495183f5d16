import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { reportJoke, reportJokeRequest, retractJokeReport, retractJokeReportRequest, type ReportJokeResponse, type ReportReasonValue } from '@jokes/contracts';
import type { ReportReason } from '@jokes/domain';
import type { CommandOrigin } from '@jokes/event-store';
import { assertOwnUserId, type Caller, CurrentCaller, parseOrBadRequest, requireCaller } from '@jokes/server';
import { Origin } from '../http/command-origin.js';
import { RateLimited } from '../rate-limits/rate-limited.decorator.js';
import { JokeCommandRunner } from '../jokes/joke-command.runner.js';

// The wire's reasons and the domain's are one list: this fails to compile if either side gains one.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const reasonsAgree: Same<ReportReasonValue, ReportReason> = true;
void reasonsAgree;

@Controller()
export class ReportJokeController {
  constructor(@Inject(JokeCommandRunner) private readonly jokes: JokeCommandRunner) {}

  @Post(reportJoke.path)
  @HttpCode(200)
  @RateLimited('report')
  async report(
    @Param('id') jokeId: string,
    @Body() body: unknown,
    @CurrentCaller() caller: Caller | undefined,
    @Origin() origin: CommandOrigin,
  ): Promise<ReportJokeResponse> {
    const who = requireCaller(caller);
    // `details` is read and bounded by the contract, then dropped: free text can name a person, and no event keeps it.
    const { reason, user_id } = parseOrBadRequest(reportJokeRequest, body);
    assertOwnUserId(who, user_id);
    // The joke's stream decides whether this user's report is new; a repeat answers the stream's newest position.
    const { answer } = await this.jokes.run({ type: 'ReportJoke', data: { jokeId, userId: who.userId, reason } }, { actor: who.userId, origin });
    return { id: jokeId, position: answer };
  }

  /** Counted with reports: taking one back and reporting again may each append one event. */
  @Post(retractJokeReport.path)
  @HttpCode(200)
  @RateLimited('report')
  async retract(
    @Param('id') jokeId: string,
    @Body() body: unknown,
    @CurrentCaller() caller: Caller | undefined,
    @Origin() origin: CommandOrigin,
  ): Promise<ReportJokeResponse> {
    const who = requireCaller(caller);
    const { user_id } = parseOrBadRequest(retractJokeReportRequest, body);
    assertOwnUserId(who, user_id);
    const { answer } = await this.jokes.run({ type: 'RetractJokeReport', data: { jokeId, userId: who.userId } }, { actor: who.userId, origin });
    return { id: jokeId, position: answer };
  }
}
