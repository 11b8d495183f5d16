import { reportJoke, type BodyOf, type ResponseOf } from '@jokes/contracts';
import { baseApi } from '../../../shared/api/base-api';

export type ReportJokeArgs = BodyOf<typeof reportJoke> & { id: string };

export const reportJokeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** A report goes to support's queue; a second one by the same user is answered the same and changes nothing. */
    reportJoke: build.mutation<ResponseOf<typeof reportJoke>, ReportJokeArgs>({
      query: ({ id, ...body }) => ({ url: reportJoke.path.replace(':id', encodeURIComponent(id)), method: reportJoke.method, body }),
      responseSchema: reportJoke.response,
    }),
  }),
});

export const { useReportJokeMutation } = reportJokeApi;
