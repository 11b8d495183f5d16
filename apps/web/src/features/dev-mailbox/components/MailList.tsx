import { Empty } from 'antd';
import { Link } from 'react-router-dom';
import type { MailSummary } from '../api/dev-mailbox.api';
import './dev-mailbox.css';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export const formatSentAt = (sentAt: string) => timeFormat.format(new Date(sentAt));

/** The outbox, newest first: recipient, subject and time of each mail. */
export function MailList({ mails, selectedId }: { mails: readonly MailSummary[]; selectedId?: string }) {
  if (mails.length === 0) return <Empty description="No mails yet" />;
  const newestFirst = [...mails].sort((a, b) => b.sent_at.localeCompare(a.sent_at));

  return (
    <ul className="mail-list" aria-label="Mails">
      {newestFirst.map((mail) => (
        <li key={mail.id}>
          <Link
            to={`/dev/mailbox/${encodeURIComponent(mail.id)}`}
            className="mail-list__item"
            aria-current={mail.id === selectedId ? 'true' : undefined}
          >
            <span className="mail-list__subject">{mail.subject}</span>
            <span className="mail-list__meta">
              To {mail.to} · <time dateTime={mail.sent_at}>{formatSentAt(mail.sent_at)}</time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
