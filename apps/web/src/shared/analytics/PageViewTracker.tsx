import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { trackEvent } from './analytics';

/**
 * Records a page view on every change of page; renders nothing. The pathname
 * only: a query string can carry a reset code or an e-mail address, and a
 * change of query alone is the same page.
 */
export function PageViewTracker() {
  const { pathname } = useLocation();

  useEffect(() => {
    trackEvent({ name: 'page_view', path: pathname });
  }, [pathname]);

  return null;
}
