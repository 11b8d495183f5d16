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
    this.smtp = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.smtp.sendMail({ from: this.from, ...message });
  }
}
