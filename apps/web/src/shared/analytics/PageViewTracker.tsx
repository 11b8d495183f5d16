import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { trackEvent } from './analytics';

/** Records a page view on every route change; renders nothing. */
export function PageViewTracker() {
  const { pathname, search } = useLocation();

  useEffect(() => {
    trackEvent({ name: 'page_view', path: `${pathname}${search}` });
  }, [pathname, search]);

  return null;
}
