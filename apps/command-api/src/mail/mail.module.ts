import { type BeforeApplicationShutdown, Global, Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { migrate } from '@jokes/event-store';
import { runsBackgroundJobs } from '@jokes/server';
import type pg from 'pg';
import { PG_POOL } from '../infrastructure/infrastructure.module.js';
import { DevMailboxController } from './dev-mailbox.controller.js';
import { FileOutboxMailer } from './file-outbox.mailer.js';
import { MailDispatcher } from './mail-dispatcher.js';
import { MailOutbox } from './mail-outbox.js';
import { mailMigrations } from './mail.migrations.js';
import { MAIL_SETTINGS, Mailer, mailSettingsFromEnv, type MailSettings } from './mailer.port.js';
import { OutboxReader } from './outbox-reader.js';
import { SmtpMailer } from './smtp.mailer.js';

@Global()
@Module({
  controllers: [DevMailboxController],
  providers: [
    { provide: MAIL_SETTINGS, useFactory: () => mailSettingsFromEnv(process.env) },
    {
      provide: Mailer,
      inject: [MAIL_SETTINGS],
      useFactory: (settings: MailSettings): Mailer =>
        settings.smtpUrl ? new SmtpMailer(settings.smtpUrl, settings.from) : new FileOutboxMailer(settings.outboxDir, settings.from),
    },
    {
      // The outbox table exists before anyone queues a mail.
      provide: MailOutbox,
      inject: [PG_POOL],
      useFactory: async (pool: pg.Pool) => {
        await migrate(pool, 'mail', mailMigrations);
        return new MailOutbox(pool);
      },
    },
    {
      provide: MailDispatcher,
      inject: [PG_POOL, Mailer, MAIL_SETTINGS, MailOutbox],
      useFactory: (pool: pg.Pool, transport: Mailer, settings: MailSettings) => new MailDispatcher(pool, transport, settings.retry),
    },
    { provide: OutboxReader, inject: [MAIL_SETTINGS], useFactory: (settings: MailSettings) => new OutboxReader(settings.outboxDir) },
  ],
  exports: [Mailer, MailOutbox, MailDispatcher],
})
export class MailModule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(@Inject(MailDispatcher) private readonly dispatcher: MailDispatcher) {}

  /**
   * Mail queued before a restart (or while the transport was down) goes out now,
   * and the outbox is swept for retries from then on. A `write` target only sends
   * the mail it queues itself (the kick): the `backend` target sweeps.
   */
  onApplicationBootstrap(): void {
    if (runsBackgroundJobs(process.env)) this.dispatcher.start();
  }

  /** Before the pool closes (onApplicationShutdown of the infrastructure); a mail being sent finishes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.dispatcher.stop();
  }
}
