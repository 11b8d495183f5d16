import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { AuthProvider } from '../../features/accounts/components/AuthProvider';
import { SubscriptionPromptSlot } from '../../features/subscription/components/SubscriptionPromptSlot';
import { PageViewTracker } from '../../shared/analytics/PageViewTracker';
import { ToastProvider } from '../../shared/toast/ToastProvider';
import { PageSpinner } from '../../shared/ui/PageSpinner';
import { DecorativeBackground } from './DecorativeBackground';
import { SiteFooter } from './SiteFooter';
import { TopBar } from './TopBar';

/** The chrome around every route; pages other than home load lazily inside it. */
export function RootLayout() {
  return (
    <ToastProvider>
      <AuthProvider>
        <DecorativeBackground />
        <PageViewTracker />
        <ScrollRestoration />
        <div className="app-shell">
          <a href="#main" className="skip-link">
            Skip to content
          </a>
          <TopBar />
          <main id="main" className="app-main" tabIndex={-1}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </main>
          <SiteFooter />
        </div>
        <SubscriptionPromptSlot />
      </AuthProvider>
    </ToastProvider>
  );
}
