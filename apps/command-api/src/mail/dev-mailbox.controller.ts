import { Controller, Get, Inject, NotFoundException, Param, Query } from '@nestjs/common';
import { listMailbox, readMail, type ResponseOf } from '@jokes/contracts';
import { parseOrBadRequest } from '../http/zod-body.js';
import { Mailer } from './mailer.port.js';
import { OutboxReader } from './outbox-reader.js';

/** The development mailbox: confirmation and reset mails with working links, while mail stays local. */
@Controller()
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

  /** With SMTP configured, mail is real and private: there is no mailbox to show. */
  private assertOutbox(): void {
    if (this.mailer.transport !== 'outbox') {
      throw new NotFoundException({ error: 'Not Found', message: 'The development mailbox is off because mail is sent by SMTP' });
    }
  }
}
