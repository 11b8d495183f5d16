import {
  BadRequestException,
  type CallHandler,
  ConflictException,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  UnprocessableEntityException,
} from '@nestjs/common';
import { matchContract } from '@jokes/contracts';
import { log } from '@jokes/server';
import type { Request, Response } from 'express';
import type pg from 'pg';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { PG_POOL } from '../../infrastructure/infrastructure.module.js';
import { callerScope, IDEMPOTENCY_KEY_HEADER, INVALID_KEY_MESSAGE, readIdempotencyKey, requestFingerprint } from './idempotency-key.js';
import { IdempotencyKeys, type ClaimedKey } from './idempotency-keys.repository.js';
import { UnitOfWork } from '../../infrastructure/unit-of-work.js';

type CommandRequest = Request & { caller?: { userId: string } };

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
 * Every command of `/api` (a POST the contracts put on the command side)
 * accepts an `Idempotency-Key`: a retry with the same key by the same caller
 * answers the first result and appends nothing. The result is recorded in the
 * transaction of the request's appends (see UnitOfWork), so a process that dies
 * after committing still leaves the retry its answer; one that dies before
 * leaves nothing, and the retry runs afresh once the key's lease runs out.
 * Only successes are recorded: a failed request changed nothing, so its retry
 * runs again.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(IdempotencyKeys) private readonly keys: IdempotencyKeys,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<CommandRequest>();
    // Without a key (most requests) nothing else is looked at.
    const header = readIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
    if (header.kind === 'absent') return next.handle();
    if (matchContract(request.method, request.path)?.contract.side !== 'command' || request.method !== 'POST') return next.handle();
    if (header.kind === 'invalid') {
      throw new BadRequestException({ error: 'Invalid request', message: INVALID_KEY_MESSAGE, fieldErrors: { 'Idempotency-Key': [INVALID_KEY_MESSAGE] } });
    }
    return from(this.execute(header.key, request, context.switchToHttp().getResponse<Response>(), next));
  }

  private async execute(key: string, request: CommandRequest, response: Response, next: CallHandler): Promise<unknown> {
    const ref = { scope: callerScope(request.caller?.userId, request.headers.authorization), key };
    const claim = await this.keys.claim(ref, requestFingerprint(request.method, request.originalUrl, request.body));
    switch (claim.kind) {
      case 'replay':
        response.status(claim.status).setHeader(REPLAYED_HEADER, 'true');
        return claim.body;
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
    return this.run(claim, response, next);
  }

  private async run(claim: ClaimedKey, response: Response, next: CallHandler): Promise<unknown> {
    const unit = new UnitOfWork(this.pool);
    const stopRenewing = this.keys.keepAlive(claim);
    try {
      let body: unknown;
      try {
        body = await unit.run(() => lastValueFrom(next.handle(), { defaultValue: undefined }));
      } catch (error) {
        await unit.abandon();
        await this.release(claim);
        throw error;
      }
      const status = response.statusCode;
      if (response.headersSent || body === undefined || status < 200 || status >= 300) {
        // Answered by the handler itself, or not a success: kept as without a key, not recorded.
        await unit.finish(async () => true);
        await this.release(claim);
        return body;
      }
      const recorded = await unit.finish((db) => this.keys.complete(claim, status, body, db));
      // The lease ran out and a retry took the key over: this execution's appends were rolled back.
      if (!recorded) throw inProgress();
      return body;
    } finally {
      stopRenewing();
    }
  }

  private async release(claim: ClaimedKey): Promise<void> {
    await this.keys.release(claim).catch((error: unknown) => log('warn', 'could not release an idempotency key', { error: String(error) }));
  }
}
