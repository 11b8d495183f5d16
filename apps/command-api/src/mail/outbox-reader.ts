import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface MailSummary {
  id: string;
  to: string;
  subject: string;
  sent_at: string;
  links: string[];
}

export interface MailDetail extends MailSummary {
  text: string;
  html: string | null;
}

type Parsed = MailDetail & { addresses: string[] };

const ID = /^[0-9]{15}-[0-9a-f]{12}$/;
const LINK = /https?:\/\/[^\s<>"')\]]+/g;

/**
 * Reads the file outbox for the development mailbox. mailparser is loaded only
 * when someone opens the mailbox, so a production install without it still runs.
 */
export class OutboxReader {
  constructor(private readonly dir: string) {}

  /** Newest first; `to` is one recipient address, compared case-insensitively. */
  async list(to?: string): Promise<MailSummary[]> {
    const ids = (await this.ids()).sort().reverse();
    const mails = await Promise.all(ids.map((id) => this.parse(id)));
    const wanted = to?.trim().toLowerCase();
    return mails
      .filter((mail): mail is Parsed => mail !== undefined)
      .filter((mail) => !wanted || mail.addresses.includes(wanted))
      .map(({ text: _text, html: _html, addresses: _addresses, ...summary }) => summary);
  }

  async read(id: string): Promise<MailDetail | undefined> {
    const mail = await this.parse(id);
    if (!mail) return undefined;
    const { addresses: _addresses, ...detail } = mail;
    return detail;
  }

  private async parse(id: string): Promise<Parsed | undefined> {
    // The id names a file: anything but our own names could walk the file system.
    if (!ID.test(id)) return undefined;
    let source: Buffer;
    try {
      source = await readFile(join(this.dir, `${id}.eml`));
    } catch {
      return undefined;
    }
    const { simpleParser } = await import('mailparser');
    const mail = await simpleParser(source);
    const text = mail.text ?? '';
    const recipients = mail.to === undefined ? [] : Array.isArray(mail.to) ? mail.to : [mail.to];
    return {
      id,
      to: recipients.map((address) => address.text).join(', '),
      addresses: recipients.flatMap((address) => address.value.map((entry) => (entry.address ?? '').toLowerCase())),
      subject: mail.subject ?? '',
      sent_at: (mail.date ?? new Date(Number(id.slice(0, 15)))).toISOString(),
      links: [...new Set(text.match(LINK) ?? [])],
      text,
      html: typeof mail.html === 'string' ? mail.html : null,
    };
  }

  private async ids(): Promise<string[]> {
    try {
      return (await readdir(this.dir)).filter((name) => name.endsWith('.eml')).map((name) => name.slice(0, -4)).filter((id) => ID.test(id));
    } catch {
      return [];
    }
  }
}
