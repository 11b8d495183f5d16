import { Controller, Get, Inject, NotFoundException, Param, Query, UseGuards } from '@nestjs/common';
import { listMailbox, readMail, type ResponseOf } from '@jokes/contracts';
import { Mailer } from './mailer.port.js';
import { OutboxReader } from './outbox-reader.js';
import { devMailboxEnabled, DevToolGuard, parseOrBadRequest } from '@jokes/server';

/**
 * The development mailbox: confirmation and reset mails with working links,
 * while mail stays local. Reset links are an account's keys, so it is a
 * development tool: this machine only, never in production (DevToolGuard).
 */
@Controller()
@UseGuards(DevToolGuard)
export class DevMailboxController {
  constructor(
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(OutboxReader) private readonly outbox: OutboxReader,
  ) {}

  @Get(listMailbox.path)
  async list(@Query() query: unknown): Promise<ResponseOf<typeof listMailbox>> {
    this.assertOutbox();
    const { to } = parseOrBadRequest(listMailbox.query!, query);
    return this.outbox.list(to);
  }

  @Get(readMail.path)
  async read(@Param('id') id: string): Promise<ResponseOf<typeof readMail>> {
    this.assertOutbox();
    const mail = await this.outbox.read(id);
    if (!mail) throw new NotFoundException({ error: 'Not Found', message: 'No such mail' });
    return mail;
  }

  /** Off with SMTP (mail is real and private), in production and with DEV_MAILBOX=false. */
  private assertOutbox(): void {
    if (this.mailer.transport !== 'outbox' || !devMailboxEnabled(process.env)) {
      throw new NotFoundException({ error: 'Not Found', message: 'The development mailbox is off' });
    }
  }
}
