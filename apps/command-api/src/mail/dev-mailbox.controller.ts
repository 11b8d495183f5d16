import { Controller, Get, Inject, NotFoundException, Param, Query } from '@nestjs/common';
import { listMailbox, readMail, type ResponseOf } from '@jokes/contracts';
import { Mailer } from './mailer.port.js';
import { OutboxReader } from './outbox-reader.js';
import { devMailboxEnabled, parseOrBadRequest } from '@jokes/server';

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

  /** Off with SMTP (mail is real and private) and in production (reset links are secrets). */
  private assertOutbox(): void {
    if (this.mailer.transport !== 'outbox' || !devMailboxEnabled(process.env)) {
      throw new NotFoundException({ error: 'Not Found', message: 'The development mailbox is off' });
    }
  }
}
