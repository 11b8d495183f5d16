import type { AppUser } from '@jokes/contracts';
import type { User } from '@supabase/auth-js';
import { useCallback, useEffect, useRef } from 'react';
import { useAppDispatch, useAppStore } from '../../../shared/store/hooks';
import { selectSession, sessionChanged, signedOutLocally, userResolved } from '../../../shared/auth/auth.slice';
import { useToast } from '../../../shared/toast/toast.context';
import { accountsApi } from '../api/accounts.api';
import { baseApi } from '../../../shared/api/base-api';
import { useAuthRuntime } from '../auth-client/auth-runtime';
import { fallbackAppUser, mergeUser, syncRequestFor } from '../utils/app-user';
import { checkSubscriptionDirectly } from '../utils/direct-subscription-check';
import { clearPasswordResetMarkers, hasPasswordResetMarker } from '../utils/reset-markers';
import { syncFailurePlan, type SyncMoment } from '../utils/sync-failure';

export const AUTH_UNAVAILABLE = {
  title: 'Authentication Error',
  description: 'There was a problem connecting to the authentication service.',
} as const;

/** Why a sync runs: SPEC 4's two moments, or the user asking for fresh data (Sync Status, after subscribing). */
type SyncReason = SyncMoment | 'refresh';

/**
 * Follows the auth client (SPEC 4): every session change goes to the store (its
 * access token rides on /api calls), and a session with a user is synced with
 * POST /api/sync-user, at start-up (INITIAL_SESSION) and on every later change.
 * Each sync also reads the subscription rows directly; the user is subscribed
 * if either answer says so. Returns `refresh`, which syncs the signed-in user
 * again and rejects, changing nothing, when that fails.
 */
export function useSessionSync(): { refresh: () => Promise<void> } {
  const { auth } = useAuthRuntime();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const { toast } = useToast();
  // One sync per user at a time: start-up can bring INITIAL_SESSION and SIGNED_IN together.
  const inFlight = useRef<{ userId: string; reason: SyncReason; done: Promise<void> } | null>(null);
  const reportedUnavailable = useRef(false);

  const run = useCallback(
    async (authUser: User, reason: SyncReason): Promise<void> => {
      // Side by side: the direct check costs no time next to the sync.
      const direct = checkSubscriptionDirectly(dispatch, authUser.id);
      try {
        const appUser: AppUser = await dispatch(accountsApi.endpoints.syncUser.initiate(syncRequestFor(authUser))).unwrap();
        dispatch(userResolved({ user: mergeUser(authUser, appUser), subscribedByDirectCheck: await direct }));
      } catch (error) {
        // A refresh that fails keeps what the user had; its caller says so.
        if (reason === 'refresh') throw error;
        const plan = syncFailurePlan(error, reason);
        const subscribedByDirectCheck = plan.checkSubscriptionDirectly ? await direct : false;
        dispatch(userResolved({ user: mergeUser(authUser, fallbackAppUser(authUser)), subscribedByDirectCheck }));
        toast({ ...plan.toast, variant: 'destructive' });
      }
    },
    [dispatch, toast],
  );

  const sync = useCallback(
    (authUser: User, reason: SyncReason): Promise<void> => {
      const current = inFlight.current?.userId === authUser.id ? inFlight.current : null;
      // An automatic sync joins the automatic one under way (it never rejects);
      // a refresh, or anything after one, reads afresh once the earlier one is done.
      if (current && current.reason !== 'refresh' && reason !== 'refresh') return current.done;
      const done = (current?.done ?? Promise.resolve())
        .catch(() => undefined)
        .then(() => run(authUser, reason))
        .finally(() => {
          if (inFlight.current?.done === done) inFlight.current = null;
        });
      inFlight.current = { userId: authUser.id, reason, done };
      return done;
    },
    [run],
  );

  useEffect(() => {
    if (auth === null) {
      dispatch(signedOutLocally());
      if (!reportedUnavailable.current) toast({ ...AUTH_UNAVAILABLE, variant: 'destructive' });
      reportedUnavailable.current = true;
      return;
    }
    let active = true;
    let userId: string | undefined;
    const {
      data: { subscription },
    } = auth.onAuthStateChange((event, session) => {
      if (!active) return;
      // Whoever uses this browser next must not see the last person's cached answers (history, voice, subscription).
      if (userId !== undefined && session?.user?.id !== userId) dispatch(baseApi.util.resetApiState());
      userId = session?.user?.id;
      dispatch(sessionChanged(session));
      if (event === 'SIGNED_IN' && hasPasswordResetMarker()) {
        clearPasswordResetMarkers();
        toast({ title: 'Login Successful', description: 'You are logged in with your new password.' });
      }
      // Never await the client inside its own callback (supabase-js holds a lock here).
      if (session?.user) void sync(session.user, event === 'INITIAL_SESSION' ? 'startup' : 'auth-change');
    });
    return () => {
      active = false;
      subscription.unsubscribe();
    };
  }, [auth, dispatch, sync, toast]);

  const refresh = useCallback(async () => {
    const authUser = selectSession(store.getState())?.user;
    if (!authUser) throw new Error('Nobody is signed in');
    await sync(authUser, 'refresh');
  }, [store, sync]);

  return { refresh };
}
