import { unpublishJoke, type BodyOf, type ResponseOf } from '@jokes/contracts';
import { baseApi } from '../../../shared/api/base-api';

export type UnpublishJokeArgs = BodyOf<typeof unpublishJoke> & { id: string };

export const unpublishJokeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The owner takes the joke's public page (/j/{id}) down; a second press is answered the same and changes nothing. */
    unpublishJoke: build.mutation<ResponseOf<typeof unpublishJoke>, UnpublishJokeArgs>({
      query: ({ id, ...body }) => ({ url: unpublishJoke.path.replace(':id', encodeURIComponent(id)), method: unpublishJoke.method, body }),
      responseSchema: unpublishJoke.response,
    }),
  }),
});

export const { useUnpublishJokeMutation } = unpublishJokeApi;
