import { useCallback } from 'react';
import { trackEvent } from '../../../shared/analytics/analytics';
import { rateLimitedFor, slowDownToast } from '../../../shared/api/rate-limited';
import { visitorId } from '../../../shared/analytics/visitor-id';
import { useAuth } from '../../../shared/auth/use-auth';
import { useToast } from '../../../shared/toast/toast.context';
import type { ToastOptions } from '../../../shared/toast/toast.reducer';
import { useShareJokeMutation } from '../api/jokes.api';
import {
  facebookShareUrl,
  instagramText,
  smsUrl,
  snapchatShareUrl,
  textWithAttribution,
  xShareUrl,
  type SharePlatform,
  type SharedJoke,
} from '../utils/share-text';

const openExternal = (url: string) => window.open(url, '_blank', 'noopener,noreferrer');

/**
 * Shares a joke on one platform (SPEC 2 'Joke card'), records the share
 * (SPEC 7's helper call: anonymous visitors too, by their visitor id) and
 * tracks the share_joke event (SPEC 3).
 */
export function useShareJoke() {
  const { toast } = useToast();
  const { user } = useAuth();
  const [recordShare] = useShareJokeMutation();
  const userId = user?.id ?? null;

  const copy = useCallback(
    async (text: string, done: ToastOptions) => {
      try {
        await navigator.clipboard.writeText(text);
        toast(done);
      } catch {
        toast({
          title: 'Copy failed',
          description: 'Your browser did not allow copying to the clipboard.',
          variant: 'destructive',
        });
      }
    },
    [toast],
  );

  return useCallback(
    async (platform: SharePlatform, joke: SharedJoke) => {
      const origin = window.location.origin;
      // Not awaited: a share window must open within the press, or the browser blocks it as a
      // pop-up. A share the server could not record is still a share; the user is not bothered,
      // unless the rate limits refused it: then the next press would be refused too.
      recordShare({ id: joke.id, platform, visitor_id: visitorId(), ...(userId === null ? {} : { user_id: userId }) })
        .unwrap()
        .catch((error: unknown) => {
          const retryAfterSeconds = rateLimitedFor(error);
          if (retryAfterSeconds !== undefined) toast(slowDownToast(retryAfterSeconds));
        });
      trackEvent({ name: 'share_joke', platform, comedian_style: joke.comedian_style, length: joke.length, topic: joke.topic });
      switch (platform) {
        case 'x':
          openExternal(xShareUrl(joke, origin));
          return;
        case 'facebook':
          openExternal(facebookShareUrl(joke, origin));
          return;
        case 'snapchat':
          openExternal(snapchatShareUrl(origin));
          return;
        case 'sms':
          window.location.assign(smsUrl(joke, origin));
          return;
        case 'instagram':
          await copy(instagramText(joke), {
            title: 'Copied for Instagram',
            description: 'Paste it into your Instagram post or story.',
          });
          return;
        case 'copy':
          await copy(textWithAttribution(joke, origin), {
            title: 'Copied to clipboard',
            description: 'The joke is ready to paste.',
          });
          return;
        default: {
          const _exhaustive: never = platform;
          return _exhaustive;
        }
      }
    },
    [copy, recordShare, toast, userId],
  );
}
