import { Alert, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { ForgotPasswordForm } from '../../features/accounts/components/ForgotPasswordForm';
import { LoginForm } from '../../features/accounts/components/LoginForm';
import { RegisterForm } from '../../features/accounts/components/RegisterForm';
import { RESET_CONFIRM_PATH } from '../../features/accounts/hooks/use-auth-actions';
import { recoveryHashForCode } from '../../features/accounts/utils/reset-link';
import { markPasswordReset, PASSWORD_RESET_QUERY, PASSWORD_RESET_SUCCESS } from '../../features/accounts/utils/reset-markers';
import { useAuth } from '../../shared/auth/use-auth';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { PageSpinner } from '../../shared/ui/PageSpinner';
import { Panel } from '../../shared/ui/Panel';
import './auth-page.css';

type AuthView = 'login' | 'register' | 'forgot';

export const PASSWORD_UPDATED_MESSAGE = 'Your password has been successfully updated. Please log in with your new password.';

/**
 * SPEC 2 '/auth': login and register tabs and the Forgot Password view.
 * ?code= is a reset link that landed here: it goes on to the reset page.
 * ?password_reset=success greets with the new password and leaves the address.
 * ?mode=reset opens Forgot Password. A logged-in user has nothing to do here.
 */
export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const { user, isInitialising } = useAuth();
  const code = searchParams.get('code');
  const mode = searchParams.get('mode');
  const [view, setView] = useState<AuthView>(mode === 'reset' ? 'forgot' : 'login');
  const [passwordUpdated] = useState(searchParams.get(PASSWORD_RESET_QUERY) === PASSWORD_RESET_SUCCESS);
  useDocumentTitle(view === 'forgot' ? 'Reset Password' : 'Login or Register');

  // A link to ?mode=reset while the page is open opens the view as well.
  useEffect(() => {
    if (mode === 'reset') setView('forgot');
  }, [mode]);

  useEffect(() => {
    if (!passwordUpdated) return;
    // The session flag carries the marker on to the next login (SPEC 4).
    markPasswordReset();
    setSearchParams(
      (params) => {
        params.delete(PASSWORD_RESET_QUERY);
        return params;
      },
      { replace: true },
    );
  }, [passwordUpdated, setSearchParams]);

  if (code) return <Navigate replace to={{ pathname: RESET_CONFIRM_PATH, hash: recoveryHashForCode(code) }} />;
  if (isInitialising) return <PageSpinner label="Checking your session" />;
  if (user) return <Navigate replace to="/" />;

  const goHome = () => void navigate('/', { replace: true });

  return (
    <div className="auth-page">
      <Panel>
        <Typography.Title level={1} className="auth-page__title">
          {view === 'forgot' ? 'Reset your password' : 'Welcome'}
        </Typography.Title>
        {passwordUpdated && (
          <Alert type="success" showIcon className="auth-page__notice" title={PASSWORD_UPDATED_MESSAGE} />
        )}
        {view === 'forgot' ? (
          <ForgotPasswordForm onBack={() => setView('login')} />
        ) : (
          <Tabs
            activeKey={view}
            onChange={(key) => setView(key === 'register' ? 'register' : 'login')}
            centered
            items={[
              {
                key: 'login',
                label: 'Login',
                children: <LoginForm onSignedIn={goHome} onForgotPassword={() => setView('forgot')} />,
              },
              {
                key: 'register',
                label: 'Register',
                children: <RegisterForm onRegistered={() => setView('login')} />,
              },
            ]}
          />
        )}
      </Panel>
    </div>
  );
}
