import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../shared/store/hooks';
import { RequireLogin } from '../../../shared/auth/RequireLogin';
import { useAuth } from '../../../shared/auth/use-auth';
import { openSubscriptionPrompt } from '../../../shared/subscription-prompt/subscription-prompt.slice';
import { PageSpinner } from '../../../shared/ui/PageSpinner';

/** Not subscribed: the prompt opens and the user goes home (SPEC 2 '/history'). */
function UpgradeRedirect() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  useEffect(() => {
    dispatch(openSubscriptionPrompt());
    void navigate('/', { replace: true });
  }, [dispatch, navigate]);

  return <PageSpinner label="Checking your subscription" />;
}

/**
 * SPEC 4 'Pro route gate' for /history and /voice-settings: a spinner while
 * the session and its subscription are being read, then /auth for a visitor,
 * then the subscription check (SPEC 4's Pro rule, past_due included).
 */
export function RequirePro({ children }: { children: ReactNode }) {
  const { isSubscribed } = useAuth();
  return <RequireLogin checkingLabel="Checking your subscription">{isSubscribed ? children : <UpgradeRedirect />}</RequireLogin>;
}
