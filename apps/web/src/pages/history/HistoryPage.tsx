import { Typography } from 'antd';
import { JokeHistory } from '../../features/jokes/components/JokeHistory';
import { RequirePro } from '../../features/subscription/components/RequirePro';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';

/** SPEC 2 '/history': Pro only, login required; the user's jokes newest first. */
export function HistoryPage() {
  useDocumentTitle('Joke History');
  return (
    <RequirePro>
      <div style={{ maxWidth: 760, margin: '0 auto' }}>
        <Typography.Title level={1} style={{ fontSize: 28 }}>
          Joke History
        </Typography.Title>
        <JokeHistory />
      </div>
    </RequirePro>
  );
}
