import {
  type ArgumentsHost,
  BadRequestException,
  type CanActivate,
  ConflictException,
  type ExecutionContext,
  HttpException,
  Inject,
  Injectable,
  type NestMiddleware,
  UnprocessableEntityException,
} from '@nestjs/common';
import { isCommand } from '@jokes/contracts';
import { log } from '@jokes/server';
import type { NextFunction, Request, Response } from 'express';
import type pg from 'pg';
import { PG_POOL } from '../../infrastructure/infrastructure.module.js';
import { UnitOfWork } from '../../infrastructure/unit-of-work.js';
import { CommandErrorFilter } from '../error.filter.js';
import { isFailureAnswer } from '../failure-answer.js';
import { callerScope, IDEMPOTENCY_KEY_HEADER, INVALID_KEY_MESSAGE, readIdempotencyKey, requestFingerprint } from './idempotency-key.js';
import { IdempotencyKeys, type ClaimedKey } from './idempotency-keys.repository.js';

/** The header Stripe uses to tell a replayed answer from a fresh one. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const IN_PROGRESS_CODE = 'idempotency_key_in_use';

const inProgress = () =>
  new ConflictException({
    error: 'Request in progress',
    code: IN_PROGRESS_CODE,
    message: 'A request with this Idempotency-Key is still being processed. Retry in a moment to get its result.',
  });

/**
 * A guard ends a request by throwing: this one carries a key's first answer,
 * status and body as they were, out through the error filter, which answers
 * any HttpException as it is.
 */
class ReplayedAnswer extends HttpException {}

/** What a keyed command carries from the middleware, which opened its unit of work, to the guard that claims its key, and back to its answer. */
class KeyedCommand {
  claim: ClaimedKey | undefined;
  private settled = false;
  private stopRenewing: (() => void) | undefined;

  constructor(readonly unit: UnitOfWork) {}

  claimed(claim: ClaimedKey, stopRenewing: () => void): void {
    this.claim = claim;
    this.stopRenewing = stopRenewing;
  }

  /** Marks the command answered, once; false if it already was. */
  settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    this.stopRenewing?.();
    return true;
  }
}

const KEYED = Symbol('keyed command');

type CommandRequest = Request & { caller?: { userId: string }; [KEYED]?: KeyedCommand };

/**
 * Every command of `/api` (a POST the contracts put on the command side)
 * accepts an `Idempotency-Key`: a retry with the same key by the same caller
 * answers the first result and appends nothing. The result is recorded in the
 * transaction of the request's appends (see UnitOfWork), so a process that dies
 * after committing still leaves the retry its answer; one that dies before
 * leaves nothing, and the retry runs afresh once the key's lease runs out.
 * Only successes are recorded: the retry of anything else runs again (a
 * failure kept nothing; a refusal the handler answered kept only its event).
 *
 * Two parts, neither a Nest interceptor (one on a route puts every request of
 * it through rxjs: without them generate serves 5-20% more requests a second):
 * - this middleware runs the rest of a keyed command in a unit of work and
 *   settles it when the answer is written: the key's result and the appends
 *   commit before the client hears of them;
 * - IdempotencyGuard claims the key once the caller is known, and answers a
 *   replay, a reused key or a running one before the rate limits count the
 *   request and before any handler runs.
 * A request without a key costs one header lookup.
 */
@Injectable()
export class IdempotencyMiddleware implements NestMiddleware {
  /** For a failure of the settling itself (the database, at the commit): no area's own error can reach it. */
  private readonly filter = new CommandErrorFilter([]);

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(IdempotencyKeys) private readonly keys: IdempotencyKeys,
  ) {}

  use(request: CommandRequest, response: Response, next: NextFunction): void {
    // The whole target: a middleware's own `path` is relative to where it is mounted.
    if (request.headers[IDEMPOTENCY_KEY_HEADER] === undefined || !isCommand(request.method, request.originalUrl.split('?', 1)[0]!)) return next();
    const keyed = new KeyedCommand(new UnitOfWork(this.pool));
    request[KEYED] = keyed;
    this.settleBeforeAnswering(keyed, request, response, next);
    void keyed.unit.run(async () => next());
  }

  /**
   * Holds the answer until the unit of work is settled: a success commits
   * with its recorded result; an answer the handler returned that is not one
   * (a 422 refusal) commits unrecorded; a failure (the error filter's answer)
   * rolls back. Only a recorded success keeps the key; otherwise it is
   * freed for a retry.
   * Nest writes every answer, the error filter's too, with `json` or `send`.
   */
  private settleBeforeAnswering(keyed: KeyedCommand, request: Request, response: Response, next: NextFunction): void {
    const { json, send } = response;
    const restore = () => {
      response.json = json;
      response.send = send;
    };
    response.json = (body?: unknown) => {
      restore();
      void this.settle(keyed, response, body, () => response.json(body)).catch((error: unknown) => this.fail(error, request, response, next));
      return response;
    };
    response.send = (body?: unknown) => {
      restore();
      // A body of its own (not an object Nest would send as JSON) is not kept: the retry runs again.
      void this.settle(keyed, response, undefined, () => response.send(body)).catch((error: unknown) => this.fail(error, request, response, next));
      return response;
    };
    // Answered some other way (a stream of its own): kept as without a key, like a body that is not JSON.
    response.once('finish', () => {
      if (!keyed.settle()) return;
      restore();
      void this.commitUnrecorded(keyed).catch((error: unknown) => log('warn', 'could not settle a keyed command', { error: String(error) }));
    });
  }

  private async settle(keyed: KeyedCommand, response: Response, body: unknown, answer: () => void): Promise<void> {
    if (!keyed.settle()) return answer();
    const { claim, unit } = keyed;
    if (!claim || isFailureAnswer(response)) {
      // Refused before the handler (no key claimed, nothing appended), or it threw: nothing commits.
      await this.abandon(keyed);
      return answer();
    }
    const status = response.statusCode;
    if (body === undefined || status < 200 || status >= 300) {
      // Not a success the handler returned (a 422 refusal, whose event stands), or no body to replay.
      await this.commitUnrecorded(keyed);
      return answer();
    }
    const recorded = await unit.finish((db) => this.keys.complete(claim, status, body, db));
    if (recorded) return answer();
    // The lease ran out and a retry took the key over: this execution's appends were rolled back.
    const refused = inProgress();
    response.status(refused.getStatus()).json(refused.getResponse());
  }

  /** No result to replay: what the request did commits as without a key, and a retry runs again. */
  private async commitUnrecorded(keyed: KeyedCommand): Promise<void> {
    if (!keyed.claim) return keyed.unit.abandon();
    await keyed.unit.finish(async () => true);
    await this.release(keyed.claim);
  }

  private async abandon(keyed: KeyedCommand): Promise<void> {
    await keyed.unit.abandon();
    if (keyed.claim) await this.release(keyed.claim);
  }

  /** Settling failed (the database went away at the commit, say): answered as any failure is. */
  private fail(error: unknown, request: Request, response: Response, next: NextFunction): void {
    if (response.headersSent) return log('warn', 'could not settle a keyed command', { error: String(error) });
    const http = { getRequest: () => request, getResponse: () => response, getNext: () => next };
    this.filter.catch(error, { switchToHttp: () => http } as unknown as ArgumentsHost);
  }

  private async release(claim: ClaimedKey): Promise<void> {
    await this.keys.release(claim).catch((error: unknown) => log('warn', 'could not release an idempotency key', { error: String(error) }));
  }
}

/**
 * Claims a keyed command's key, after the guards that know the caller and
 * check the input (registered before it), before the route's rate limit: a
 * replay is answered here and not counted again.
 */
@Injectable()
export class IdempotencyGuard implements CanActivate {
  constructor(@Inject(IdempotencyKeys) private readonly keys: IdempotencyKeys) {}

  /** Synchronous for a request without a key: Nest awaits only a promise. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<CommandRequest>();
    const keyed = request[KEYED];
    if (!keyed) return true;
    return this.claim(keyed, request, context.switchToHttp().getResponse<Response>());
  }

  private async claim(keyed: KeyedCommand, request: CommandRequest, response: Response): Promise<boolean> {
    const header = readIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
    if (header.kind !== 'valid') {
      throw new BadRequestException({ error: 'Invalid request', message: INVALID_KEY_MESSAGE, fieldErrors: { 'Idempotency-Key': [INVALID_KEY_MESSAGE] } });
    }
    const ref = { scope: callerScope(request.caller?.userId, request.headers.authorization), key: header.key };
    const claim = await this.keys.claim(ref, requestFingerprint(request.method, request.originalUrl, request.body));
    switch (claim.kind) {
      case 'replay':
        response.setHeader(REPLAYED_HEADER, 'true');
        throw new ReplayedAnswer(claim.body as object, claim.status);
      case 'mismatch':
        throw new UnprocessableEntityException({
          error: 'Idempotency-Key reused',
          code: 'idempotency_key_reused',
          message: 'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
        });
      case 'running':
        response.setHeader('Retry-After', '1');
        throw inProgress();
    }
    keyed.claimed(claim, this.keys.keepAlive(claim));
    return true;
  }
}
