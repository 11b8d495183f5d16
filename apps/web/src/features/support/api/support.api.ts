import { subscriptionHistoryByEmail, subscriptionHistoryOfUser, type SubscriptionHistory } from '@jokes/contracts';
import { baseApi } from '../../../shared/api/base-api';

/**
 * The support audit (DESIGN 'Who uses it'): one user's subscription history,
 * read straight from the event store. Support looks people up to see what is
 * true now, so these are used as lazy queries, fetched on every lookup.
 */
export const supportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    subscriptionHistoryOfUser: build.query<SubscriptionHistory, string>({
      query: (userId) => subscriptionHistoryOfUser.path.replace(':userId', encodeURIComponent(userId)),
      responseSchema: subscriptionHistoryOfUser.response,
    }),
    subscriptionHistoryByEmail: build.query<SubscriptionHistory, string>({
      query: (email) => ({ url: subscriptionHistoryByEmail.path, params: { email } }),
      responseSchema: subscriptionHistoryByEmail.response,
    }),
  }),
});

export const { useLazySubscriptionHistoryOfUserQuery, useLazySubscriptionHistoryByEmailQuery } = supportApi;
