import { Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuthRuntime } from '../../features/accounts/auth-client/auth-runtime';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { useToast } from '../../shared/toast/toast.context';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { Panel } from '../../shared/ui/Panel';
import { PageSpinner } from '../../shared/ui/PageSpinner';

type Outcome = 'checking' | 'confirmed' | 'failed';

const linkErrorIn = (search: string, hash: string): string | null => {
  for (const params of [new URLSearchParams(hash.replace(/^#/, '')), new URLSearchParams(search)]) {
    const description = params.get('error_description');
    if (description) return description;
  }
  return null;
};

/**
 * SPEC 2 '/auth/confirm': the sign-up e-mail's link lands here. supabase-js has
 * already exchanged the link's code for a session (PKCE, session detection in
 * the URL) by the time getSession answers; a confirmed e-mail goes home.
 */
export function AuthConfirmPage() {
  useDocumentTitle('Email Confirmation');
  const { auth } = useAuthRuntime();
  const { toast } = useToast();
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const [outcome, setOutcome] = useState<Outcome>('checking');
  const checked = useRef(false);

  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    void (async () => {
      const session = auth ? (await auth.getSession().catch(() => null))?.data.session ?? null : null;
      if (session?.user.email_confirmed_at) {
        setOutcome('confirmed');
        toast({ title: 'Email confirmed', description: 'Your email address is confirmed. Welcome!' });
        void navigate('/', { replace: true });
        return;
      }
      setOutcome('failed');
      toast({
        title: 'Confirmation Error',
        description: linkErrorIn(search, hash) ?? 'We could not confirm your email. The link may have expired, or it was opened in another browser: try logging in.',
        variant: 'destructive',
      });
    })();
  }, [auth, hash, navigate, search, toast]);

  if (outcome === 'checking') return <PageSpinner label="Confirming your email" />;

  return (
    <Panel style={{ maxWidth: 480, margin: '0 auto', textAlign: 'center' }}>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Email confirmation
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {outcome === 'confirmed'
          ? 'Your email address is confirmed.'
          : 'We could not confirm your email with this link. If you already confirmed it, just log in.'}
      </Typography.Paragraph>
      <ButtonLink to="/" type="primary">
        Go to Homepage
      </ButtonLink>
    </Panel>
  );
}
