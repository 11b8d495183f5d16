import { Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { SubscriptionPrompt } from '../../features/subscription/components/SubscriptionPrompt';
import { PageViewTracker } from '../../shared/analytics/PageViewTracker';
import { ToastProvider } from '../../shared/toast/ToastProvider';
import { DecorativeBackground } from './DecorativeBackground';
import { SiteFooter } from './SiteFooter';
import { TopBar } from './TopBar';

function RouteFallback() {
  return (
    <div className="route-fallback">
      <Spin size="large" aria-label="Loading page" />
    </div>
  );
}

/** The chrome around every route; pages other than home load lazily inside it. */
export function RootLayout() {
  return (
    <ToastProvider>
      <DecorativeBackground />
      <PageViewTracker />
      <ScrollRestoration />
      <div className="app-shell">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <TopBar />
        <main id="main" className="app-main" tabIndex={-1}>
          <Suspense fallback={<RouteFallback />}>
            <Outlet />
          </Suspense>
        </main>
        <SiteFooter />
      </div>
      <SubscriptionPrompt />
    </ToastProvider>
  );
}
