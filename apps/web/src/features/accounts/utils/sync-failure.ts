import { isApiError } from '../../../shared/api/http-error';
import type { ToastText } from './login-failure';

/** When the sync ran: at start-up with a stored session, or on an auth-state change. */
export type SyncMoment = 'startup' | 'auth-change';

export interface SyncFailurePlan {
  toast: ToastText;
  /** SPEC 8: on HTTP 500 the subscription is read directly instead. */
  checkSubscriptionDirectly: boolean;
}

/** SPEC 8 'Sync and initialisation'. Either way the user stays logged in, without a subscription. */
export function syncFailurePlan(error: unknown, moment: SyncMoment): SyncFailurePlan {
  if (isApiError(error) && error.status === 500) {
    return {
      toast: {
        title: 'Warning: Limited Functionality',
        description: "We're having trouble connecting to our services. Some features may be unavailable.",
      },
      checkSubscriptionDirectly: true,
    };
  }
  if (moment === 'startup') {
    return {
      toast: { title: 'Sync Error', description: 'There was a problem syncing your account data.' },
      checkSubscriptionDirectly: false,
    };
  }
  return {
    toast: {
      title: 'Account Sync Issue',
      description: "Your login is successful but we're having trouble loading your account details.",
    },
    checkSubscriptionDirectly: false,
  };
}
