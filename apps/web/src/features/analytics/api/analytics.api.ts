import { trialConversions, type QueryOf, type ResponseOf } from '@jokes/contracts';
import { baseApi } from '../../../shared/api/base-api';

export type TrialConversionRange = QueryOf<typeof trialConversions>;
export type TrialConversionReport = ResponseOf<typeof trialConversions>;

export const analyticsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Trials started, converted and canceled per day and plan (analyst and admin roles). */
    trialConversions: build.query<TrialConversionReport, TrialConversionRange>({
      query: (range) => ({ url: trialConversions.path, params: range }),
      responseSchema: trialConversions.response,
    }),
  }),
});

export const { useTrialConversionsQuery } = analyticsApi;
