import { Button, Typography } from 'antd';
import { useRouteError } from 'react-router-dom';

/**
 * Last line of defence for a render failure or a lazy page that failed to load
 * (typically a deploy replaced the chunk this tab asked for): a reload fixes both.
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);

  return (
    <section role="alert" style={{ padding: '96px 16px', textAlign: 'center' }}>
      <Typography.Title level={1}>Something went wrong</Typography.Title>
      <Typography.Paragraph type="secondary">
        Please reload the page. If it keeps happening, contact support.
      </Typography.Paragraph>
      <Button type="primary" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </section>
  );
}
