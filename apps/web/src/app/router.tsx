import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { HomePage } from '../pages/home/HomePage';
import { RootLayout } from './layout/RootLayout';
import { RouteError } from './layout/RouteError';

// Home is in the entry chunk; every other page is its own chunk, loaded on demand.
const DisclaimerPage = lazy(() => import('../pages/legal/DisclaimerPage').then((m) => ({ default: m.DisclaimerPage })));
const PrivacyPage = lazy(() => import('../pages/legal/PrivacyPage').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => import('../pages/legal/TermsPage').then((m) => ({ default: m.TermsPage })));
const CopyrightPage = lazy(() => import('../pages/legal/CopyrightPage').then((m) => ({ default: m.CopyrightPage })));
const AuthPage = lazy(() => import('../pages/auth/AuthPage').then((m) => ({ default: m.AuthPage })));
const AuthConfirmPage = lazy(() => import('../pages/auth/AuthConfirmPage').then((m) => ({ default: m.AuthConfirmPage })));
const ResetPasswordPage = lazy(() => import('../pages/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
const AccountPage = lazy(() => import('../pages/account/AccountPage').then((m) => ({ default: m.AccountPage })));
const SubscribePage = lazy(() => import('../pages/subscribe/SubscribePage').then((m) => ({ default: m.SubscribePage })));
const HistoryPage = lazy(() => import('../pages/history/HistoryPage').then((m) => ({ default: m.HistoryPage })));
const VoiceSettingsPage = lazy(() => import('../pages/voice/VoiceSettingsPage').then((m) => ({ default: m.VoiceSettingsPage })));
const SupportSubscriptionsPage = lazy(() =>
  import('../pages/support/SupportSubscriptionsPage').then((m) => ({ default: m.SupportSubscriptionsPage })),
);
const SupportReportsPage = lazy(() => import('../pages/support/SupportReportsPage').then((m) => ({ default: m.SupportReportsPage })));
const AnalyticsDashboardPage = lazy(() =>
  import('../pages/analytics/AnalyticsDashboardPage').then((m) => ({ default: m.AnalyticsDashboardPage })),
);
const DevMailboxPage = lazy(() => import('../pages/dev/DevMailboxPage').then((m) => ({ default: m.DevMailboxPage })));
const DebugSupabasePage = lazy(() => import('../pages/debug/DebugSupabasePage').then((m) => ({ default: m.DebugSupabasePage })));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

/**
 * SPEC 2 routes, plus the role-gated staff pages of DESIGN 11 (support audit,
 * analytics dashboard). The plan page keeps Stripe.js in its own chunks.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'auth', element: <AuthPage /> },
      { path: 'auth/confirm', element: <AuthConfirmPage /> },
      // SPEC 2: matched by its exact pathname.
      { path: 'reset-password-confirm', caseSensitive: true, element: <ResetPasswordPage /> },
      { path: 'account', element: <AccountPage /> },
      { path: 'subscribe', element: <SubscribePage /> },
      { path: 'history', element: <HistoryPage /> },
      { path: 'voice-settings', element: <VoiceSettingsPage /> },
      { path: 'support/subscriptions', element: <SupportSubscriptionsPage /> },
      { path: 'support/reports', element: <SupportReportsPage /> },
      { path: 'analytics', element: <AnalyticsDashboardPage /> },
      { path: 'dev/mailbox/:mailId?', element: <DevMailboxPage /> },
      { path: 'debug-supabase', element: <DebugSupabasePage /> },
      { path: 'legal/disclaimer', element: <DisclaimerPage /> },
      { path: 'legal/privacy', element: <PrivacyPage /> },
      { path: 'legal/terms', element: <TermsPage /> },
      { path: 'legal/copyright', element: <CopyrightPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
