import { Global, Module } from '@nestjs/common';
import { DevMailboxController } from './dev-mailbox.controller.js';
import { FileOutboxMailer } from './file-outbox.mailer.js';
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
    { provide: OutboxReader, inject: [MAIL_SETTINGS], useFactory: (settings: MailSettings) => new OutboxReader(settings.outboxDir) },
  ],
  exports: [Mailer],
})
export class MailModule {}
