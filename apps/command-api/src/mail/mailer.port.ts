import { intFromEnv } from '@jokes/server';
import { DEFAULT_MAIL_RETRY, type MailRetrySettings } from './mail-retry.js';

/** One mail: plain text for every client, simple HTML for the ones that show it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * How mail leaves: the file outbox by default, SMTP when configured (DESIGN.md
 * decision 8). Only the MailDispatcher calls it; everyone else queues mail in
 * the MailOutbox, so a transport that is down delays mail instead of losing it.
 */
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
  retry: MailRetrySettings;
}

export const MAIL_SETTINGS = Symbol('MAIL_SETTINGS');

export function mailSettingsFromEnv(env: NodeJS.ProcessEnv): MailSettings {
  return {
    smtpUrl: env.SMTP_URL || undefined,
    outboxDir: env.MAIL_OUTBOX_DIR || `${env.DATA_DIR || '.data'}/outbox`,
    from: env.MAIL_FROM || 'Standup Jokes AI <no-reply@standupjokes.ai>',
    retry: {
      baseDelayMs: intFromEnv(env, 'MAIL_RETRY_BASE_MS', DEFAULT_MAIL_RETRY.baseDelayMs),
      maxDelayMs: intFromEnv(env, 'MAIL_RETRY_MAX_DELAY_MS', DEFAULT_MAIL_RETRY.maxDelayMs),
      maxAttempts: Math.max(1, intFromEnv(env, 'MAIL_MAX_ATTEMPTS', DEFAULT_MAIL_RETRY.maxAttempts)),
    },
  };
}
