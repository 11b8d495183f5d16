import CrownFilled from '@ant-design/icons/CrownFilled';
import { Typography } from 'antd';
import { SubscribeForm } from '../../features/subscription/components/SubscribeForm';
import { useAuth } from '../../shared/auth/use-auth';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageSpinner } from '../../shared/ui/PageSpinner';
import { Panel } from '../../shared/ui/Panel';

function PleaseLogIn() {
  return (
    <section className="subscribe-page__login" aria-labelledby="subscribe-login">
      <Typography.Title level={1} id="subscribe-login" style={{ fontSize: 28 }}>
        Please Log In
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Log in or create an account to start your free trial of Pro.
      </Typography.Paragraph>
      <ButtonLink to="/auth" type="primary">
        Login / Register
      </ButtonLink>
    </section>
  );
}

/** SPEC 2 '/subscribe': the plan page; logged-out visitors are asked to log in. */
export function SubscribePage() {
  useDocumentTitle('Subscribe');
  const { user, isResolving } = useAuth();

  // A session whose user is still syncing is not a logged-out visitor.
  if (isResolving) return <PageSpinner label="Checking your session" />;
  return (
    <div style={{ maxWidth: 560, margin: '0 auto' }}>
      <Panel>
        {user === null ? (
          <PleaseLogIn />
        ) : (
          <>
            <Typography.Title level={1} style={{ fontSize: 28 }}>
              <CrownFilled aria-hidden style={{ color: '#faad14' }} /> Go Pro
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              Every comedian style, every joke length, your joke history and voice narration.
            </Typography.Paragraph>
            <SubscribeForm />
          </>
        )}
      </Panel>
    </div>
  );
}
