import { Controller, Get, Inject, Injectable, Res } from '@nestjs/common';
import type { Response } from 'express';
import { answersInTime, type HealthReport } from '@jokes/server';
import pg from 'pg';
import { KURRENTDB_EVENT_STORE, PG_POOL } from './infrastructure/infrastructure.module.js';
import { MailOutbox, type MailStatus } from './mail/mail-outbox.js';
import { SpendCeiling, type CeilingState } from './spend/spend-ceiling.js';
import type { SpendResource } from './spend/spend-limit.error.js';

export interface ProcessHealth {
  status: 'ok' | 'unavailable';
  database: 'ok' | 'unreachable';
  /** KurrentDB, where the events are kept there (EVENTSTORE_URL): commands need it as much as the database. */
  eventStore?: 'ok' | 'unreachable';
  /**
   * The mail outbox, while the database answers. Mail that fails waits and is
   * retried, so the process stays 'ok'; `mail.status` says 'failing' while
   * some mail failed to go out (and for a day after one was given up).
   */
  mail?: MailStatus & { status: 'ok' | 'failing' };
  /**
   * The paid providers' hourly budgets, while the database answers: a spent
   * ceiling keeps the process 'ok' (it answers 503 to the calls that need one).
   */
  spend?: Record<SpendResource, CeilingState>;
}

/** The command side's health, asked over HTTP (`/health`) or in the same process (the product's target `all`). */
@Injectable()
export class CommandHealth {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(MailOutbox) private readonly mail: MailOutbox,
    // Only whether it answers matters here.
    @Inject(KURRENTDB_EVENT_STORE) private readonly kurrent: { ping(): Promise<unknown> } | null,
    @Inject(SpendCeiling) private readonly spend: SpendCeiling,
  ) {}

  /**
   * Ready when the database answers. The process itself is up either way; the
   * body says which part is down.
   */
  async check(): Promise<HealthReport<ProcessHealth>> {
    const [database, eventStore] = await Promise.all([
      answersInTime(this.pool.query('SELECT 1')),
      this.kurrent ? answersInTime(this.kurrent.ping()) : Promise.resolve(undefined),
    ]);
    const events = eventStore === undefined ? {} : { eventStore: eventStore ? ('ok' as const) : ('unreachable' as const) };
    if (database && eventStore !== false) {
      const [mail, spend] = await Promise.all([this.mailHealth(), this.spend.state()]);
      return { ok: true, body: { status: 'ok', database: 'ok', ...events, mail, spend } };
    }
    return { ok: false, body: { status: 'unavailable', database: database ? 'ok' : 'unreachable', ...events } };
  }

  private async mailHealth(): Promise<ProcessHealth['mail']> {
    const mail = await this.mail.status();
    return { status: mail.failing > 0 || mail.failed > 0 ? 'failing' : 'ok', ...mail };
  }
}

@Controller()
export class HealthController {
  constructor(@Inject(CommandHealth) private readonly health: CommandHealth) {}

  @Get('/health')
  async answer(@Res({ passthrough: true }) response: Response): Promise<ProcessHealth> {
    const { ok, body } = await this.health.check();
    if (!ok) response.status(503);
    return body;
  }
}
