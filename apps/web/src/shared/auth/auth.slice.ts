import type { AppUser } from '@jokes/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Session, User } from '@supabase/auth-js';
import { isProSubscriber } from '../subscription/subscription-rules';

/** SPEC 3: the app user carries the auth provider's own user fields as well. */
export type SessionUser = User & AppUser;

/**
 * The signed-in state: the auth provider's session (its access token goes on
 * every /api call) and the app user synced from the server. Kept in the store
 * so the base query reads the token without reaching into React.
 */
export interface AuthState {
  /** 'initialising' until the stored session (if any) is known and its user resolved. */
  status: 'initialising' | 'ready';
  session: Session | null;
  user: SessionUser | null;
  /** The direct subscription check (SPEC 4): any of the user's rows active, trialing or past_due. */
  subscribedByDirectCheck: boolean;
  /** Sign-in, sign-up, logout, reset or update under way (SPEC 4 loading flag). */
  pendingActions: number;
}

const initialState: AuthState = {
  status: 'initialising',
  session: null,
  user: null,
  subscribedByDirectCheck: false,
  pendingActions: 0,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionChanged(state, action: PayloadAction<Session | null>) {
      state.session = action.payload;
      if (action.payload === null) {
        state.user = null;
        state.subscribedByDirectCheck = false;
        state.status = 'ready';
      } else if (state.user !== null && state.user.id !== action.payload.user.id) {
        // Another account: nothing of the previous user may linger.
        state.user = null;
        state.subscribedByDirectCheck = false;
      }
    },
    userResolved(state, action: PayloadAction<{ user: SessionUser; subscribedByDirectCheck?: boolean }>) {
      // A sync that answers after a sign-out or a switch of account is stale.
      if (state.session?.user.id !== action.payload.user.id) return;
      state.user = action.payload.user;
      state.subscribedByDirectCheck = action.payload.subscribedByDirectCheck ?? false;
      state.status = 'ready';
    },
    signedOutLocally(state) {
      state.session = null;
      state.user = null;
      state.subscribedByDirectCheck = false;
      state.status = 'ready';
    },
    authActionStarted(state) {
      state.pendingActions += 1;
    },
    authActionFinished(state) {
      state.pendingActions = Math.max(0, state.pendingActions - 1);
    },
  },
  selectors: {
    selectAccessToken: (state) => state.session?.access_token ?? null,
    selectSession: (state) => state.session,
    selectSessionUser: (state) => state.user,
    selectAuthStatus: (state) => state.status,
    selectAuthLoading: (state) => state.pendingActions > 0,
    /** SPEC 4: subscribed if the sync says so (a literal true) or the direct check does. */
    selectIsSubscribed: (state) =>
      state.user !== null && (isProSubscriber({ syncFlag: state.user.has_active_subscription }) || state.subscribedByDirectCheck),
  },
});

export const { sessionChanged, userResolved, signedOutLocally, authActionStarted, authActionFinished } = authSlice.actions;
export const {
  selectAccessToken,
  selectSession,
  selectSessionUser,
  selectAuthStatus,
  selectAuthLoading,
  selectIsSubscribed,
} = authSlice.selectors;
export type AuthRootState = { [authSlice.reducerPath]: AuthState };
