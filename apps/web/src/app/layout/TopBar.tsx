import { Button } from 'antd';
import { Link } from 'react-router-dom';
import { useAuth } from '../../shared/auth/use-auth';
import { site } from '../../shared/config/site';
import { openSubscriptionPrompt } from '../../shared/subscription-prompt/subscription-prompt.slice';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { useAppDispatch } from '../hooks';
import './top-bar.css';

const AUTH_PATH = '/auth';

/**
 * SPEC 2 'Global chrome'. Logged out, History, Subscribe and Login / Register
 * all lead to /auth. The logged-in account menu arrives with accounts.
 */
export function TopBar() {
  const { user } = useAuth();
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
        {user ? (
          <Button onClick={() => dispatch(openSubscriptionPrompt())}>Subscribe</Button>
        ) : (
          <ButtonLink to={AUTH_PATH}>Subscribe</ButtonLink>
        )}
        {!user && (
          <ButtonLink to={AUTH_PATH} type="primary">
            Login / Register
          </ButtonLink>
        )}
      </nav>
    </header>
  );
}
