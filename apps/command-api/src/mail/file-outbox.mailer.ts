import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { Mailer, type MailMessage } from './mailer.port.js';

/**
 * Writes each mail as an RFC 822 `.eml` file, built by the same nodemailer
 * composer SMTP would use, so what the mailbox shows is what would be sent.
 */
export class FileOutboxMailer extends Mailer {
  readonly transport = 'outbox' as const;
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.composer.sendMail({ from: this.from, ...message });
    await mkdir(this.dir, { recursive: true });
    // Sortable by time, unique across processes; written then renamed so a
    // reader never sees half a mail.
    const name = `${Date.now().toString().padStart(15, '0')}-${randomBytes(6).toString('hex')}.eml`;
    const temporary = join(this.dir, `.${name}.tmp`);
    await writeFile(temporary, info.message as Buffer);
    await rename(temporary, join(this.dir, name));
  }
}
