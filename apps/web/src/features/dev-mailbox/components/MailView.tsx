import { Alert, Skeleton, Typography } from 'antd';
import { useReadMailQuery } from '../api/dev-mailbox.api';
import { formatSentAt } from './MailList';

/**
 * One mail: its text and its links. The links are plain anchors: they lead to
 * the auth server's verify endpoint, which redirects back into the app.
 */
export function MailView({ id }: { id: string }) {
  const { data: mail, isLoading, isError } = useReadMailQuery(id);

  if (isLoading) return <Skeleton active />;
  if (isError || !mail) return <Alert type="error" showIcon title="This mail could not be loaded." />;

  return (
    <article className="mail-view" aria-labelledby="mail-subject">
      <Typography.Title level={2} id="mail-subject" style={{ fontSize: 20 }}>
        {mail.subject}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        To {mail.to} · <time dateTime={mail.sent_at}>{formatSentAt(mail.sent_at)}</time>
      </Typography.Paragraph>
      <pre className="mail-view__text">{mail.text}</pre>
      {mail.links.length > 0 && (
        <nav aria-label="Links in this mail">
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            Links
          </Typography.Title>
          <ul className="mail-view__links">
            {mail.links.map((link) => (
              <li key={link}>
                <a href={link}>{link}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </article>
  );
}
