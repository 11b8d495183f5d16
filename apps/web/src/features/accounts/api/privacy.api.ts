import {
  cancelAccountDeletion,
  EXPORT_FORMAT,
  exportMyData,
  requestAccountDeletion,
  type BodyOf,
  type QueryOf,
  type ResponseOf,
} from '@jokes/contracts';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { z } from 'zod';
import { baseApi } from '../../../shared/api/base-api';
import { exportFileName } from '../utils/data-export-file';

/**
 * Only what tells an export apart from any other JSON. Loose on purpose: the
 * file the user gets is the document as the server wrote it, every field kept,
 * even one this client does not know yet (the contract's schema would drop it).
 */
const exportDocument = z.looseObject({ format: z.literal(EXPORT_FORMAT), generated_at: z.string() });
export type ExportDocument = z.infer<typeof exportDocument>;

export interface DataExportFile {
  fileName: string;
  document: ExportDocument;
}

export type DeletionBody = BodyOf<typeof requestAccountDeletion>;
export type CancelDeletionBody = BodyOf<typeof cancelAccountDeletion>;

/** Issue 11: the person's own data, their account's deletion and its cancellation (all on the command side). */
export const privacyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A mutation though it is a GET: each press generates the document afresh
     * from the events, and nothing of it should stay cached once it is saved.
     */
    exportMyData: build.mutation<DataExportFile, QueryOf<typeof exportMyData>>({
      query: (params) => ({ url: exportMyData.path, method: exportMyData.method, params }),
      rawResponseSchema: exportDocument,
      transformResponse: (document: ExportDocument, meta: FetchBaseQueryMeta | undefined) => ({
        fileName: exportFileName(meta?.response?.headers.get('content-disposition') ?? null, document.generated_at),
        document,
      }),
    }),
    requestAccountDeletion: build.mutation<ResponseOf<typeof requestAccountDeletion>, DeletionBody>({
      query: (body) => ({ url: requestAccountDeletion.path, method: requestAccountDeletion.method, body }),
      responseSchema: requestAccountDeletion.response,
    }),
    /** Without a session: the e-mail and password typed at sign-in prove it. */
    cancelAccountDeletion: build.mutation<ResponseOf<typeof cancelAccountDeletion>, CancelDeletionBody>({
      query: (body) => ({ url: cancelAccountDeletion.path, method: cancelAccountDeletion.method, body }),
      responseSchema: cancelAccountDeletion.response,
    }),
  }),
});

export const { useExportMyDataMutation, useRequestAccountDeletionMutation, useCancelAccountDeletionMutation } = privacyApi;
