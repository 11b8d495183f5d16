import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { Alert, Button, Skeleton, Typography } from 'antd';
import { useParams } from 'react-router-dom';
import { useAuthRuntime } from '../../features/accounts/auth-client/auth-runtime';
import { useListMailboxQuery } from '../../features/dev-mailbox/api/dev-mailbox.api';
import { MailList } from '../../features/dev-mailbox/components/MailList';
import { MailView } from '../../features/dev-mailbox/components/MailView';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { PageSpinner } from '../../shared/ui/PageSpinner';
import { Panel } from '../../shared/ui/Panel';
import { NotFoundPage } from '../NotFoundPage';

function Mailbox() {
  useDocumentTitle('Development Mailbox');
  const { mailId } = useParams();
  // Mails arrive while the page is away: read the outbox afresh on every visit.
  const { data: mails, isLoading, isError, isFetching, refetch } = useListMailboxQuery({}, { refetchOnMountOrArgChange: true });

  return (
    <Panel>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>
          Development Mailbox
        </Typography.Title>
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void refetch()} loading={isFetching}>
          Refresh
        </Button>
      </div>
      <Typography.Paragraph type="secondary">
        Mail goes to a file outbox in development; confirmation and reset links work from here.
      </Typography.Paragraph>
      {isError && <Alert type="error" showIcon title="The mailbox could not be read." />}
      {isLoading ? (
        <Skeleton active />
      ) : (
        <div className="dev-mailbox">
          <MailList mails={mails ?? []} selectedId={mailId} />
          <div>{mailId ? <MailView id={mailId} /> : <Typography.Text type="secondary">Open a mail to read it.</Typography.Text>}</div>
        </div>
      )}
    </Panel>
  );
}

/** The development mailbox: only while mail goes to the file outbox (config.devMailbox). */
export function DevMailboxPage() {
  const { config, starting } = useAuthRuntime();
  // Opened straight from a link, the config may still be on its way.
  if (starting) return <PageSpinner label="Loading mailbox" />;
  return config?.devMailbox ? <Mailbox /> : <NotFoundPage />;
}
