import { listSubscriptions, type SubscriptionRow } from '@jokes/contracts';
import { baseApi } from '../api/base-api';

/** SPEC 4 counts statuses in any casing; the contract spells them in lower case. */
function withLowerCaseStatuses(rows: unknown): SubscriptionRow[] {
  const lower = (row: unknown) =>
    typeof row === 'object' && row !== null && 'status' in row && typeof row.status === 'string'
      ? { ...row, status: row.status.trim().toLowerCase() }
      : row;
  // responseSchema checks the result against the contract right after this.
  return (Array.isArray(rows) ? rows.map(lower) : rows) as SubscriptionRow[];
}

/**
 * SPEC 4's direct subscription check: the caller's own subscription rows, read
 * through the query API. Shared: the accounts feature checks them at sign-in,
 * the subscription feature shows them on the account page.
 */
export const subscriptionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listSubscriptions: build.query<SubscriptionRow[], string>({
      query: (userId) => ({ url: listSubscriptions.path, params: { user_id: userId } }),
      transformResponse: withLowerCaseStatuses,
      responseSchema: listSubscriptions.response,
      providesTags: ['Subscription'],
    }),
  }),
});

export const { useListSubscriptionsQuery } = subscriptionsApi;
