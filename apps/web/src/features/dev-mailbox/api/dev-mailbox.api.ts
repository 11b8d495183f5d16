import { listMailbox, readMail, type ResponseOf } from '@jokes/contracts';
import { baseApi } from '../../../shared/api/base-api';

export type MailSummary = ResponseOf<typeof listMailbox>[number];
export type MailDetail = ResponseOf<typeof readMail>;

export const devMailboxApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listMailbox: build.query<MailSummary[], { to?: string }>({
      query: (params) => ({ url: listMailbox.path, params }),
      responseSchema: listMailbox.response,
    }),
    readMail: build.query<MailDetail, string>({
      query: (id) => readMail.path.replace(':id', encodeURIComponent(id)),
      responseSchema: readMail.response,
    }),
  }),
});

export const { useListMailboxQuery, useReadMailQuery } = devMailboxApi;
