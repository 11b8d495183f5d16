import { engagementReport, funnelReport, refusalReport, trialConversions, type QueryOf, type ResponseOf } from '@jokes/contracts';
import { baseApi } from '../../../shared/api/base-api';

export type TrialConversionRange = QueryOf<typeof trialConversions>;
export type TrialConversionReport = ResponseOf<typeof trialConversions>;
export type EngagementQuery = QueryOf<typeof engagementReport>;
export type EngagementReport = ResponseOf<typeof engagementReport>;
export type EngagementRow = EngagementReport['rows'][number];
export type FunnelQuery = QueryOf<typeof funnelReport>;
export type FunnelReport = ResponseOf<typeof funnelReport>;
export type FunnelDay = FunnelReport['days'][number];
export type RefusalQuery = QueryOf<typeof refusalReport>;
export type RefusalReport = ResponseOf<typeof refusalReport>;
export type RefusalRow = RefusalReport['rows'][number];

// Analyst and admin roles. Like every query, these wait for this browser's last write
// (X-Consistent-Position), so a rating or share just made is in the figures.
export const analyticsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Trials started, converted and canceled per day and plan. */
    trialConversions: build.query<TrialConversionReport, TrialConversionRange>({
      query: (range) => ({ url: trialConversions.path, params: range }),
      responseSchema: trialConversions.response,
    }),
    /** Generated, rated and shared jokes, page views and visitors, by one dimension. */
    engagementReport: build.query<EngagementReport, EngagementQuery>({
      query: (params) => ({ url: engagementReport.path, params }),
      responseSchema: engagementReport.response,
    }),
    /** Per day: visitors, then those who generated, engaged, signed up, started a trial and paid. */
    funnelReport: build.query<FunnelReport, FunnelQuery>({
      query: (range) => ({ url: funnelReport.path, params: range }),
      responseSchema: funnelReport.response,
    }),
    /** How often the moderator refused a generate, by category and stage, per day or comedian. */
    refusalReport: build.query<RefusalReport, RefusalQuery>({
      query: (params) => ({ url: refusalReport.path, params }),
      responseSchema: refusalReport.response,
    }),
  }),
});

export const { useTrialConversionsQuery, useEngagementReportQuery, useFunnelReportQuery, useRefusalReportQuery } = analyticsApi;
