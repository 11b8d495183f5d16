import { listComedians, type Catalogue } from '@jokes/contracts';
import { baseApi } from '../../../shared/api/base-api';

/** The comedian and length catalogue comes from the server only (never copied here). */
export const catalogueApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listComedians: build.query<Catalogue, void>({
      query: () => listComedians.path,
      responseSchema: listComedians.response,
      providesTags: ['Catalogue'],
    }),
  }),
});

export const { useListComediansQuery } = catalogueApi;
