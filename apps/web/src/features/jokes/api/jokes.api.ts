import { generateJoke, jokeHistory, type BodyOf, type QueryOf, type ResponseOf } from '@jokes/contracts';
import { baseApi } from '../../../shared/api/base-api';

export type GenerateJokeBody = BodyOf<typeof generateJoke>;
export type GeneratedJoke = ResponseOf<typeof generateJoke>;
export type JokeHistory = ResponseOf<typeof jokeHistory>;

export const jokesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** A command: its response carries the position that later reads wait for. */
    generateJoke: build.mutation<GeneratedJoke, GenerateJokeBody>({
      query: (body) => ({ url: generateJoke.path, method: generateJoke.method, body }),
      responseSchema: generateJoke.response,
      invalidatesTags: ['History'],
    }),
    /** Pro only (SPEC 7): requested once accounts and subscriptions exist. */
    jokeHistory: build.query<JokeHistory, QueryOf<typeof jokeHistory>>({
      query: (params) => ({ url: jokeHistory.path, params }),
      responseSchema: jokeHistory.response,
      providesTags: ['History'],
    }),
  }),
});

export const { useGenerateJokeMutation, useJokeHistoryQuery } = jokesApi;
