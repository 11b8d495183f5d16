import type { ToastText } from './login-failure';

/**
 * The Privacy Policy's period between a deletion and the erasure. The server's
 * ERASURE_AFTER_DAYS may differ (0 in tests): the dialog states the policy, and
 * the toast afterwards the date the server actually scheduled.
 */
export const ERASURE_AFTER_DAYS_BY_POLICY = 30;

/** 'March 4, 2026', in the reader's language; the ISO text itself if it is no date. */
export function formatErasureDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** What the user reads once the deletion is scheduled and this browser signed out. */
export function deletionScheduledToast(scheduledErasureAt: string, locale?: string): ToastText {
  return {
    title: 'Account Deletion Scheduled',
    description: `You have been signed out everywhere. Your account will be erased on ${formatErasureDate(scheduledErasureAt, locale)}; sign in before then to cancel the deletion.`,
  };
}
