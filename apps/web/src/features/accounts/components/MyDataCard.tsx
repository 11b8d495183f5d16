import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { Button, Typography } from 'antd';
import { Panel } from '../../../shared/ui/Panel';
import { useDataExport } from '../hooks/use-data-export';

/** /account 'Your Data' (issue 11): everything the product holds about the user, as one JSON file. */
export function MyDataCard({ userId }: { userId: string }) {
  const { download, isDownloading } = useDataExport(userId);
  return (
    <Panel>
      <section aria-labelledby="my-data-title">
        <Typography.Title level={2} id="my-data-title" style={{ fontSize: 20 }}>
          Your Data
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          One JSON file with everything we hold about you: your profile, jokes, ratings, shares, voice, subscription and
          payments, and sign-in history.
        </Typography.Paragraph>
        <Button icon={<DownloadOutlined aria-hidden />} loading={isDownloading} onClick={() => void download()}>
          Download my data
        </Button>
      </section>
    </Panel>
  );
}
