import nodemailer from 'nodemailer';
import { Mailer, type MailMessage } from './mailer.port.js';

/** Real delivery through any SMTP server (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com). */
export class SmtpMailer extends Mailer {
  readonly transport = 'smtp' as const;
  private readonly smtp;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    super();
    // Bounded waits: the dispatcher holds the mail's row while it sends, and a
    // server that never answers must become a retry, not a stuck outbox.
    this.smtp = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  }

  async send(message: MailMessage): Promise<void> {
    await this.smtp.sendMail({ from: this.from, ...message });
  }
}
