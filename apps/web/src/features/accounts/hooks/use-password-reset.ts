import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../shared/store/hooks';
import { useAuth, type RecoveryToken } from '../../../shared/auth/use-auth';
import { accountsApi } from '../api/accounts.api';
import { useAuthRuntime } from '../auth-client/auth-runtime';
import { classifyResetFailure, RESET_MESSAGES } from '../utils/reset-failure';
import { readResetLink } from '../utils/reset-link';
import { markPasswordReset, PASSWORD_RESET_QUERY, PASSWORD_RESET_SUCCESS, rememberedResetEmail } from '../utils/reset-markers';

/** SPEC 9: after success 2 s, after a missing token 3 s. */
export const SUCCESS_REDIRECT_MS = 2_000;
export const MISSING_TOKEN_REDIRECT_MS = 3_000;
export const REQUEST_NEW_LINK_PATH = '/auth?mode=reset';

export type ResetStep =
  | { step: 'verifying' }
  | { step: 'form'; recovery: RecoveryToken; warning: string | null }
  | { step: 'success' }
  | { step: 'error'; message: string; redirecting: boolean };

/** SPEC 4 'Password reset page': verifying the token, then the form, then success or error. */
export function usePasswordReset() {
  const { auth } = useAuthRuntime();
  const { updatePassword, loading } = useAuth();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const [state, setState] = useState<ResetStep>({ step: 'verifying' });

  useEffect(() => {
    if (state.step !== 'verifying') return;
    if (auth === null) {
      setState({ step: 'error', message: RESET_MESSAGES.noAuth, redirecting: false });
      return;
    }
    const link = readResetLink(search, hash);
    let current = true;
    // Let the auth client finish with the address first (it may exchange a ?code=).
    void auth
      .getSession()
      .catch(() => null)
      .then(() => {
        if (!current) return;
        if (link.kind === 'token') {
          setState({ step: 'form', recovery: link.recovery, warning: link.invalidHash ? RESET_MESSAGES.invalidHash : null });
        } else if (link.kind === 'expired') {
          setState({ step: 'error', message: RESET_MESSAGES.expired, redirecting: false });
        } else {
          setState({ step: 'error', message: RESET_MESSAGES.missing, redirecting: true });
        }
      });
    return () => {
      current = false;
    };
  }, [auth, hash, search, state.step]);

  const redirectAfter = state.step === 'success' ? SUCCESS_REDIRECT_MS : state.step === 'error' && state.redirecting ? MISSING_TOKEN_REDIRECT_MS : null;
  useEffect(() => {
    if (redirectAfter === null) return;
    const target = state.step === 'success' ? '/auth' : REQUEST_NEW_LINK_PATH;
    const timer = setTimeout(() => void navigate(target, { replace: true }), redirectAfter);
    return () => clearTimeout(timer);
  }, [navigate, redirectAfter, state.step]);

  /** SPEC 8 'verify': the product's fallback reset, then sign out and log in afresh. */
  const fallbackReset = useCallback(
    async (recovery: RecoveryToken, password: string) => {
      try {
        await dispatch(
          accountsApi.endpoints.syncPasswordReset.initiate({ token: recovery.token, password, user_email: rememberedResetEmail() }),
        ).unwrap();
      } catch {
        setState({ step: 'error', message: RESET_MESSAGES.failed, redirecting: false });
        return;
      }
      await auth?.signOut().catch(() => undefined);
      void navigate(`/auth?${PASSWORD_RESET_QUERY}=${PASSWORD_RESET_SUCCESS}`, { replace: true });
    },
    [auth, dispatch, navigate],
  );

  const submit = useCallback(
    async (password: string) => {
      if (state.step !== 'form') return;
      try {
        const outcome = await updatePassword(password, state.recovery);
        // Signed out: the next login greets the new password (SPEC 4).
        if (outcome === 'updated-and-signed-out') markPasswordReset();
        setState({ step: 'success' });
      } catch (error) {
        const failure = classifyResetFailure(error);
        if (failure.kind === 'verify') await fallbackReset(state.recovery, password);
        else setState({ step: 'error', message: failure.message, redirecting: false });
      }
    },
    [fallbackReset, state, updatePassword],
  );

  return { state, submit, submitting: loading };
}
