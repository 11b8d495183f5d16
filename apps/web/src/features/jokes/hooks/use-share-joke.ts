import { useCallback } from 'react';
import { trackEvent } from '../../../shared/analytics/analytics';
import { rateLimitedFor, slowDownToast } from '../../../shared/api/rate-limited';
import { visitorId } from '../../../shared/analytics/visitor-id';
import { useAuth } from '../../../shared/auth/use-auth';
import { useToast } from '../../../shared/toast/toast.context';
import type { ToastOptions } from '../../../shared/toast/toast.reducer';
import { useShareJokeMutation } from '../api/jokes.api';
import { canShareImages, fetchCard, shareOrDownloadCard, type CardOutcome } from '../utils/share-card';
import {
  facebookShareUrl,
  instagramText,
  shareText,
  smsUrl,
  snapchatShareUrl,
  textWithAttribution,
  xShareUrl,
  type SharePlatform,
  type SharedJoke,
} from '../utils/share-text';

const openExternal = (url: string) => window.open(url, '_blank', 'noopener,noreferrer');

const COPY_FAILED: ToastOptions = { title: 'Copy failed', description: 'Your browser did not allow copying to the clipboard.', variant: 'destructive' };
const CARD_FAILED: ToastOptions = { title: 'Card unavailable', description: 'The picture of this joke could not be made. Please try again.', variant: 'destructive' };

/** The square card, once the share is recorded (so published), to the share sheet or the downloads; 'failed' if it could not be had. */
async function deliverCard(joke: SharedJoke, recorded: Promise<string | undefined>, text: string): Promise<CardOutcome | 'failed'> {
  try {
    return await shareOrDownloadCard(await fetchCard(joke.id, '1080x1080', await recorded), text);
  } catch {
    return 'failed';
  }
}

/**
 * Shares a joke on one platform (SPEC 2 'Joke card'), records the share
 * (SPEC 7's helper call: anonymous visitors too, by their visitor id), which
 * publishes it at /j/{id}, and tracks the share_joke event (SPEC 3).
 * Instagram and Snapchat also get the joke's card: through the phone's share
 * sheet where the browser can share files, else as a download.
 */
export function useShareJoke() {
  const { toast } = useToast();
  const { user } = useAuth();
  const [recordShare] = useShareJokeMutation();
  const userId = user?.id ?? null;

  const copy = useCallback(
    async (text: string, done?: ToastOptions): Promise<boolean> => {
      try {
        await navigator.clipboard.writeText(text);
        if (done) toast(done);
        return true;
      } catch {
        toast(COPY_FAILED);
        return false;
      }
    },
    [toast],
  );

  return useCallback(
    async (platform: SharePlatform, joke: SharedJoke) => {
      const origin = window.location.origin;
      // Not awaited before a share window opens: it must open within the press, or the browser
      // blocks it as a pop-up. A share the server could not record is still a share; the user is
      // not bothered, unless the rate limits refused it: then the next press would be refused too.
      // Its position is what the card's request waits for (the share is what publishes the card).
      const recorded = recordShare({ id: joke.id, platform, visitor_id: visitorId(), ...(userId === null ? {} : { user_id: userId }) })
        .unwrap()
        .then(
          ({ position }): string | undefined => position,
          (error: unknown) => {
            const retryAfterSeconds = rateLimitedFor(error);
            if (retryAfterSeconds !== undefined) toast(slowDownToast(retryAfterSeconds));
            return undefined;
          },
        );
      trackEvent({ name: 'share_joke', platform, comedian_style: joke.comedian_style, length: joke.length, topic: joke.topic });
      switch (platform) {
        case 'x':
          openExternal(xShareUrl(joke, origin));
          return;
        case 'facebook':
          openExternal(facebookShareUrl(joke, origin));
          return;
        case 'snapchat': {
          // Without a share sheet for files, Snapchat's share address opens within the press (or it is a blocked pop-up).
          if (!canShareImages()) openExternal(snapchatShareUrl(origin));
          const outcome = await deliverCard(joke, recorded, shareText(joke));
          if (outcome === 'failed') toast(CARD_FAILED);
          if (outcome === 'downloaded') toast({ title: 'Card downloaded', description: 'Add the picture to your Snap.' });
          return;
        }
        case 'sms':
          window.location.assign(smsUrl(joke, origin));
          return;
        case 'instagram': {
          const copied = await copy(instagramText(joke));
          const outcome = await deliverCard(joke, recorded, instagramText(joke));
          if (!copied) return;
          if (outcome === 'failed') toast(CARD_FAILED);
          else if (outcome === 'downloaded') toast({ title: 'Copied for Instagram', description: 'The caption is on your clipboard and the picture in your downloads.' });
          else toast({ title: 'Copied for Instagram', description: 'Paste it into your Instagram post or story.' });
          return;
        }
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
