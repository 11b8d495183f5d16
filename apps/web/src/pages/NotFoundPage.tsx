import { Typography } from 'antd';
import { useDocumentTitle } from '../shared/hooks/use-document-title';
import { ButtonLink } from '../shared/ui/ButtonLink';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');

  return (
    <section className="not-found" style={{ textAlign: 'center', padding: '64px 0' }}>
      <Typography.Text type="secondary" style={{ fontSize: 64, fontWeight: 700, lineHeight: 1 }}>
        404
      </Typography.Text>
      <Typography.Title level={1}>Page Not Found</Typography.Title>
      <Typography.Paragraph type="secondary">
        That bit fell flat: there is nothing at this address.
      </Typography.Paragraph>
      <ButtonLink to="/" type="primary">
        Back to the jokes
      </ButtonLink>
    </section>
  );
}
