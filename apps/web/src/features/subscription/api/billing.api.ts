import {
  confirmCard,
  createBillingPortalSession,
  createSubscription,
  getBillingConfig,
  getSubscriptionDetail,
  type BillingConfig,
  type BodyOf,
  type ConfirmCardRequest,
  type ConfirmCardResponse,
  type CreateSubscriptionRequest,
  type CreateSubscriptionResponse,
  type ResponseOf,
  type SubscriptionDetail,
} from '@jokes/contracts';
import { baseApi } from '../../../shared/api/base-api';

export type PortalRequest = BodyOf<typeof createBillingPortalSession>;
export type PortalSession = ResponseOf<typeof createBillingPortalSession>;

export const billingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Which provider confirms cards (local form or Stripe.js), read when the plan page opens. */
    getBillingConfig: build.query<BillingConfig, void>({
      query: () => getBillingConfig.path,
      responseSchema: getBillingConfig.response,
    }),
    /** SPEC 3 'Subscription detail shown', for the account page's card. */
    getSubscriptionDetail: build.query<SubscriptionDetail, string>({
      query: (userId) => ({ url: getSubscriptionDetail.path, params: { user_id: userId } }),
      responseSchema: getSubscriptionDetail.response,
      providesTags: ['Subscription'],
    }),
    /** Starts a checkout; nothing is granted until the card is confirmed. */
    createSubscription: build.mutation<CreateSubscriptionResponse, CreateSubscriptionRequest>({
      query: (body) => ({ url: createSubscription.path, method: createSubscription.method, body }),
      responseSchema: createSubscription.response,
    }),
    /** The local provider's card confirmation (the product's own card form). */
    confirmCard: build.mutation<ConfirmCardResponse, ConfirmCardRequest>({
      query: (body) => ({ url: confirmCard.path, method: confirmCard.method, body }),
      responseSchema: confirmCard.response,
      invalidatesTags: ['Subscription'],
    }),
    createBillingPortalSession: build.mutation<PortalSession, PortalRequest>({
      query: (body) => ({ url: createBillingPortalSession.path, method: createBillingPortalSession.method, body }),
      responseSchema: createBillingPortalSession.response,
    }),
  }),
});

export const {
  useGetBillingConfigQuery,
  useGetSubscriptionDetailQuery,
  useCreateSubscriptionMutation,
  useConfirmCardMutation,
  useCreateBillingPortalSessionMutation,
} = billingApi;
