import { useCallback } from 'react';
import { isApiError } from '../../../shared/api/http-error';
import { useToast } from '../../../shared/toast/toast.context';
import { useCreateBillingPortalSessionMutation } from '../api/billing.api';

function portalFailureText(error: unknown): string {
  const body = isApiError(error) ? error.body : undefined;
  if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string') return body.error;
  return 'We could not open the billing portal. Please try again.';
}

/**
 * Manage Subscription (SPEC 2 '/account'): a portal session from POST
 * /api/billing-portal, opened in a new tab; failure says 'Portal Redirect Failed'.
 */
export function useBillingPortal(userId: string) {
  const [createSession, { isLoading }] = useCreateBillingPortalSessionMutation();
  const { toast } = useToast();

  const open = useCallback(async () => {
    // Opened at once, while the click still counts as the user's: a tab opened
    // after the request would be stopped as a pop-up.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    try {
      const { url } = await createSession({ user_id: userId, return_url: `${window.location.origin}/account` }).unwrap();
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener,noreferrer');
    } catch (error) {
      tab?.close();
      toast({ title: 'Portal Redirect Failed', description: portalFailureText(error), variant: 'destructive' });
    }
  }, [createSession, toast, userId]);

  return { open, isOpening: isLoading };
}
