import { useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../../shared/store/hooks';
import { useAuth } from '../../../shared/auth/use-auth';
import {
  PROMPT_AUTO_OPEN_DELAY_MS,
  readPromptLastShown,
  shouldAutoOpenPrompt,
} from '../../../shared/subscription-prompt/prompt-schedule';
import { openSubscriptionPrompt } from '../../../shared/subscription-prompt/subscription-prompt.slice';

/**
 * SPEC 2 '/': 20 s after the page opens, the subscription prompt opens if the
 * user is not subscribed and it was not shown here in the last hour. Decided
 * once per visit, and only once the session (and its subscription) is known,
 * so a Pro user whose sync is slow is never pitched.
 */
export function usePromptAutoOpen(): void {
  const { isSubscribed, isResolving } = useAuth();
  const dispatch = useAppDispatch();
  const [due, setDue] = useState(false);
  const decided = useRef(false);
  const settled = !isResolving;

  useEffect(() => {
    const timer = setTimeout(() => setDue(true), PROMPT_AUTO_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!due || !settled || decided.current) return;
    decided.current = true;
    if (shouldAutoOpenPrompt({ subscribed: isSubscribed, lastShown: readPromptLastShown(), now: Date.now() })) {
      dispatch(openSubscriptionPrompt());
    }
  }, [due, settled, isSubscribed, dispatch]);
}
