import { useCallback } from 'react';
import { trackEvent } from '../../../shared/analytics/analytics';
import { useToast } from '../../../shared/toast/toast.context';
import type { ToastOptions } from '../../../shared/toast/toast.reducer';
import {
  SHARE_PLATFORM_LABELS,
  facebookShareUrl,
  instagramText,
  smsUrl,
  snapchatShareUrl,
  textWithAttribution,
  xShareUrl,
  type SharePlatform,
  type ShareableJoke,
} from '../utils/share-text';

const openExternal = (url: string) => window.open(url, '_blank', 'noopener,noreferrer');

/** Shares a joke on one platform (SPEC 2 'Joke card') and records it (SPEC 3). */
export function useShareJoke() {
  const { toast } = useToast();

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
    async (platform: SharePlatform, joke: ShareableJoke & { id: string }) => {
      const origin = window.location.origin;
      trackEvent({ name: 'share_joke', platform: SHARE_PLATFORM_LABELS[platform], value: joke.id });
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
    [copy],
  );
}
