import {
  getPublicConfig,
  logout,
  resetPassword,
  syncPasswordReset,
  syncUser,
  type AppUser,
  type BodyOf,
  type PublicConfig,
  type ResponseOf,
} from '@jokes/contracts';
import { baseApi } from '../../../shared/api/base-api';

export type SyncUserBody = BodyOf<typeof syncUser>;
export type PasswordResetBody = BodyOf<typeof resetPassword>;
export type SyncPasswordResetBody = BodyOf<typeof syncPasswordReset>;

export const accountsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Read once at start-up, before the auth client exists. */
    getPublicConfig: build.query<PublicConfig, void>({
      query: () => getPublicConfig.path,
      responseSchema: getPublicConfig.response,
    }),
    /**
     * A read (the users and entitlements read models) sent as POST; never cached,
     * so a mutation here, but it waits for this client's last write like a query.
     */
    syncUser: build.mutation<AppUser, SyncUserBody>({
      query: (body) => ({ url: syncUser.path, method: syncUser.method, body }),
      responseSchema: syncUser.response,
      extraOptions: { consistentRead: true },
    }),
    logout: build.mutation<ResponseOf<typeof logout>, void>({
      query: () => ({ url: logout.path, method: logout.method, body: {} }),
    }),
    resetPasswordWithToken: build.mutation<ResponseOf<typeof resetPassword>, PasswordResetBody>({
      query: (body) => ({ url: resetPassword.path, method: resetPassword.method, body }),
    }),
    syncPasswordReset: build.mutation<ResponseOf<typeof syncPasswordReset>, SyncPasswordResetBody>({
      query: (body) => ({ url: syncPasswordReset.path, method: syncPasswordReset.method, body }),
    }),
  }),
});
