import { reportJoke, retractJokeReport, type BodyOf, type ResponseOf } from '@jokes/contracts';
import { baseApi } from '../../../shared/api/base-api';

export type ReportJokeArgs = BodyOf<typeof reportJoke> & { id: string };
export type RetractJokeReportArgs = BodyOf<typeof retractJokeReport> & { id: string };

export const reportJokeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** A report goes to support's queue; a second one by the same user is answered the same and changes nothing. */
    reportJoke: build.mutation<ResponseOf<typeof reportJoke>, ReportJokeArgs>({
      query: ({ id, ...body }) => ({ url: reportJoke.path.replace(':id', encodeURIComponent(id)), method: reportJoke.method, body }),
      responseSchema: reportJoke.response,
    }),
    /** The reporter takes their open report back; with nothing open to take back it is answered the same and changes nothing. */
    retractJokeReport: build.mutation<ResponseOf<typeof retractJokeReport>, RetractJokeReportArgs>({
      query: ({ id, ...body }) => ({ url: retractJokeReport.path.replace(':id', encodeURIComponent(id)), method: retractJokeReport.method, body }),
      responseSchema: retractJokeReport.response,
    }),
  }),
});

export const { useReportJokeMutation, useRetractJokeReportMutation } = reportJokeApi;
