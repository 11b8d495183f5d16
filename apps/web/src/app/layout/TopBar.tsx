import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { SUBSCRIPTION_CARD_PATH } from '../../features/subscription/account-links';
import { useAuth } from '../../shared/auth/use-auth';
import { site } from '../../shared/config/site';
import { openSubscriptionPrompt } from '../../shared/subscription-prompt/subscription-prompt.slice';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { useAppDispatch } from '../../shared/store/hooks';
import { AccountMenuPlaceholder } from './AccountMenuPlaceholder';
import './top-bar.css';

const AccountMenu = lazy(() => import('./AccountMenu').then((module) => ({ default: module.AccountMenu })));

const AUTH_PATH = '/auth';

/**
 * SPEC 2 'Global chrome'. Logged out, History, Subscribe and Login / Register
 * all lead to /auth; logged in, History goes to /history, Subscribe opens the
 * subscription prompt and a menu under the user's e-mail replaces the login.
 * A subscriber's Subscribe leads to their subscription card instead: the
 * prompt would offer them a free trial they already had.
 */
export function TopBar() {
  const { user, session, isSubscribed } = useAuth();
  const dispatch = useAppDispatch();

  return (
    <header className="top-bar">
      <Link to="/" className="top-bar__brand">
        {site.name}
      </Link>
      <nav aria-label="Main" className="top-bar__nav">
        <Link to={user ? '/history' : AUTH_PATH} className="top-bar__link">
          History
        </Link>
        {user && isSubscribed ? (
          <ButtonLink to={SUBSCRIPTION_CARD_PATH}>Subscribe</ButtonLink>
        ) : user ? (
          <Button onClick={() => dispatch(openSubscriptionPrompt())}>Subscribe</Button>
        ) : (
          <ButtonLink to={AUTH_PATH}>Subscribe</ButtonLink>
        )}
        {user ? (
          <Suspense fallback={<AccountMenuPlaceholder email={user.email} />}>
            <AccountMenu email={user.email} />
          </Suspense>
        ) : session ? (
          // Signed in, the account still syncing: no Login / Register flashing by.
          <AccountMenuPlaceholder email={session.user.email ?? ''} />
        ) : (
          <ButtonLink to={AUTH_PATH} type="primary">
            Login / Register
          </ButtonLink>
        )}
      </nav>
    </header>
  );
}
