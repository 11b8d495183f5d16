import {
  generateJoke,
  jokeHistory,
  rateJoke,
  removeJokeFromHistory,
  shareJoke,
  type BodyOf,
  type QueryOf,
  type ResponseOf,
} from '@jokes/contracts';
import { baseApi } from '../../../shared/api/base-api';

export type GenerateJokeBody = BodyOf<typeof generateJoke>;
export type GeneratedJoke = ResponseOf<typeof generateJoke>;
export type JokeHistory = ResponseOf<typeof jokeHistory>;
export type RateJokeArgs = BodyOf<typeof rateJoke> & { id: string };
export type ShareJokeArgs = BodyOf<typeof shareJoke> & { id: string };
export type RemoveJokeFromHistoryArgs = BodyOf<typeof removeJokeFromHistory> & { id: string };

const jokePath = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** A change to the cached History made before the server answers stays if it agrees, and is undone if it refuses. */
async function keepUnlessRefused(change: { undo(): void }, answered: Promise<unknown>): Promise<void> {
  try {
    await answered;
  } catch {
    change.undo();
  }
}

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
    /**
     * SPEC 4: the rating shows at once. The cached history takes it before the
     * server answers and gives it back if the server refuses; once saved, the
     * history is read again, and that read waits for the rating's position.
     */
    rateJoke: build.mutation<ResponseOf<typeof rateJoke>, RateJokeArgs>({
      query: ({ id, ...body }) => ({ url: jokePath(rateJoke.path, id), method: rateJoke.method, body }),
      responseSchema: rateJoke.response,
      async onQueryStarted({ id, rating, user_id }, { dispatch, queryFulfilled }) {
        const change = jokesApi.util.updateQueryData('jokeHistory', { user_id }, (jokes) => {
          const rated = jokes.find((joke) => joke.id === id);
          if (rated) rated.rating = rating;
        });
        await keepUnlessRefused(dispatch(change), queryFulfilled);
      },
      invalidatesTags: (saved) => (saved ? ['History'] : []),
    }),
    /**
     * The owner deletes a joke from History (and its public page): it leaves the
     * cached list at once and comes back if the server refuses; once done, the
     * history is read again, waiting for the removal's position.
     */
    removeJokeFromHistory: build.mutation<ResponseOf<typeof removeJokeFromHistory>, RemoveJokeFromHistoryArgs>({
      query: ({ id, ...body }) => ({ url: jokePath(removeJokeFromHistory.path, id), method: removeJokeFromHistory.method, body }),
      responseSchema: removeJokeFromHistory.response,
      async onQueryStarted({ id, user_id }, { dispatch, queryFulfilled }) {
        const change = jokesApi.util.updateQueryData('jokeHistory', { user_id }, (jokes) => jokes.filter((joke) => joke.id !== id));
        await keepUnlessRefused(dispatch(change), queryFulfilled);
      },
      invalidatesTags: (done) => (done ? ['History'] : []),
    }),
    /** SPEC 7's helper call recording a share; anonymous visitors share too, by their visitor id. */
    shareJoke: build.mutation<ResponseOf<typeof shareJoke>, ShareJokeArgs>({
      query: ({ id, ...body }) => ({ url: jokePath(shareJoke.path, id), method: shareJoke.method, body }),
      responseSchema: shareJoke.response,
    }),
  }),
});

export const { useGenerateJokeMutation, useJokeHistoryQuery, useRateJokeMutation, useRemoveJokeFromHistoryMutation, useShareJokeMutation } = jokesApi;
