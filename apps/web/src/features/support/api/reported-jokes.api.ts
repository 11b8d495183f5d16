import { dismissJokeReports, reportedJokes, withdrawJoke, type BodyOf, type ReportedJoke, type ResponseOf } from '@jokes/contracts';
import { baseApi } from '../../../shared/api/base-api';

export type WithdrawJokeArgs = BodyOf<typeof withdrawJoke> & { id: string };

const jokePath = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/**
 * Support's queue of reported jokes and its two answers. Each answer carries
 * its position, so the queue read again after it already leaves the joke out.
 */
export const reportedJokesApi = baseApi.enhanceEndpoints({ addTagTypes: ['ReportQueue'] }).injectEndpoints({
  endpoints: (build) => ({
    reportedJokes: build.query<ReportedJoke[], void>({
      query: () => reportedJokes.path,
      responseSchema: reportedJokes.response,
      providesTags: ['ReportQueue'],
    }),
    withdrawJoke: build.mutation<ResponseOf<typeof withdrawJoke>, WithdrawJokeArgs>({
      query: ({ id, ...body }) => ({ url: jokePath(withdrawJoke.path, id), method: withdrawJoke.method, body }),
      responseSchema: withdrawJoke.response,
      invalidatesTags: ['ReportQueue'],
    }),
    dismissJokeReports: build.mutation<ResponseOf<typeof dismissJokeReports>, string>({
      query: (id) => ({ url: jokePath(dismissJokeReports.path, id), method: dismissJokeReports.method }),
      responseSchema: dismissJokeReports.response,
      invalidatesTags: ['ReportQueue'],
    }),
  }),
});

export const { useReportedJokesQuery, useWithdrawJokeMutation, useDismissJokeReportsMutation } = reportedJokesApi;
