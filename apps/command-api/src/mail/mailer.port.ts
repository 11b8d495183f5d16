/** One mail: plain text for every client, simple HTML for the ones that show it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mail goes: the file outbox by default, SMTP when configured (DESIGN.md decision 8). */
export abstract class Mailer {
  /** 'outbox' keeps every mail readable through the development mailbox. */
  abstract readonly transport: 'outbox' | 'smtp';
  abstract send(message: MailMessage): Promise<void>;
}

export interface MailSettings {
  /** When set, mail goes out by SMTP and the development mailbox is off. */
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
}

export const MAIL_SETTINGS = Symbol('MAIL_SETTINGS');

export function mailSettingsFromEnv(env: NodeJS.ProcessEnv): MailSettings {
  return {
    smtpUrl: env.SMTP_URL || undefined,
    outboxDir: env.MAIL_OUTBOX_DIR || `${env.DATA_DIR || '.data'}/outbox`,
    from: env.MAIL_FROM || 'Standup Jokes AI <no-reply@standupjokes.ai>',
  };
}
