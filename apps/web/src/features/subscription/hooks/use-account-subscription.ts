import type { SubscriptionDetail } from '@jokes/contracts';
import { useCallback, useMemo } from 'react';
import { useAuth, type SessionUser } from '../../../shared/auth/use-auth';
import { isActiveOnAccountPage, isProSubscriber } from '../../../shared/subscription/subscription-rules';
import { useListSubscriptionsQuery } from '../../../shared/subscription/subscriptions.api';
import { useGetSubscriptionDetailQuery } from '../api/billing.api';

export type SyncStatusResult = 'found' | 'none';

export interface AccountSubscription {
  detail: SubscriptionDetail | undefined;
  isLoading: boolean;
  /** SPEC 4's account rule: active or trialing. */
  isActive: boolean;
  /** SPEC 4's Pro rule (past_due too): there is a subscription to manage. */
  hasSubscription: boolean;
  /** Sync Status: re-syncs the user and reads the subscription again; rejects when that fails. */
  syncStatus: () => Promise<SyncStatusResult>;
}

/**
 * The account page's view of the subscription: the detail (GET
 * /api/subscription-status) and the rows of the direct check, with the sync's
 * flag as the fallback while they load.
 */
export function useAccountSubscription(user: SessionUser): AccountSubscription {
  const { refreshUser } = useAuth();
  const detailQuery = useGetSubscriptionDetailQuery(user.id);
  const rowsQuery = useListSubscriptionsQuery(user.id);
  const detail = detailQuery.data;
  const rows = rowsQuery.data;

  const statuses = useMemo(() => {
    if (detail === undefined && rows === undefined) return undefined;
    return [...(detail?.status ? [detail.status] : []), ...(rows ?? []).map((row) => row.status)];
  }, [detail, rows]);

  const { refetch: refetchDetail } = detailQuery;
  const { refetch: refetchRows } = rowsQuery;
  const syncStatus = useCallback(async (): Promise<SyncStatusResult> => {
    const [, freshDetail, freshRows] = await Promise.all([refreshUser(), refetchDetail().unwrap(), refetchRows().unwrap()]);
    return freshDetail.status === null && freshRows.length === 0 ? 'none' : 'found';
  }, [refreshUser, refetchDetail, refetchRows]);

  return {
    detail,
    isLoading: detailQuery.isLoading,
    isActive: detail?.isActive === true || isActiveOnAccountPage({ syncFlag: user.has_active_subscription, statuses }),
    hasSubscription: isProSubscriber({ syncFlag: user.has_active_subscription, statuses }),
    syncStatus,
  };
}
