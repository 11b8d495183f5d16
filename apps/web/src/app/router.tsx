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
const NotFoundPage = lazy(() => import('../pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

/**
 * SPEC 2 routes of this slice. /auth, /subscribe, /history, /account and
 * /voice-settings arrive with accounts and billing; until then they fall
 * through to the 404 page, and the links to them are already in place.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'legal/disclaimer', element: <DisclaimerPage /> },
      { path: 'legal/privacy', element: <PrivacyPage /> },
      { path: 'legal/terms', element: <TermsPage /> },
      { path: 'legal/copyright', element: <CopyrightPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
