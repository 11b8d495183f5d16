import { useCallback } from 'react';
import { useAppDispatch } from '../../../shared/store/hooks';
import { slowDownToast } from '../../../shared/api/rate-limited';
import { useAuth } from '../../../shared/auth/use-auth';
import { openSubscriptionPrompt } from '../../../shared/subscription-prompt/subscription-prompt.slice';
import { useToast } from '../../../shared/toast/toast.context';
import { readSelectedVoiceId } from '../../../shared/voice/selected-voice.storage';
import type { SpeechFailure } from '../../../shared/voice/speech-failure';
import { useSpeechPlayback } from '../../../shared/voice/use-speech-playback';
import { useGetVoicePreferenceQuery, voiceApi } from '../../../shared/voice/voice.api';

export const PREMIUM_NARRATION = {
  title: 'Premium Feature',
  description: 'Voice narration is available for premium subscribers only',
} as const;

export const SPEECH_FAILED_FALLBACK = 'Failed to generate or play speech. Please try again.';

/**
 * The joke card's Listen (SPEC 2, 4, 5 and 8): Pro only; reads the joke in the
 * user's saved voice, else the one kept in this browser; pressed while playing,
 * it stops.
 */
export function useVoiceNarration(text: string) {
  const { user, isSubscribed } = useAuth();
  const { toast } = useToast();
  const dispatch = useAppDispatch();
  const userId = user?.id;
  const canNarrate = isSubscribed && userId !== undefined;
  // Asked for ahead of the press, so Listen rarely waits for it.
  useGetVoicePreferenceQuery({ userId: userId ?? '' }, { skip: !canNarrate });

  const reportFailure = useCallback(
    (failure: SpeechFailure) => {
      switch (failure.kind) {
        case 'premium-required':
          dispatch(openSubscriptionPrompt());
          toast(PREMIUM_NARRATION);
          return;
        case 'speech-failed':
          toast({ title: 'Voice Playback Error', description: failure.reason ?? SPEECH_FAILED_FALLBACK, variant: 'destructive' });
          return;
        case 'rate-limited':
          toast(slowDownToast(failure.retryAfterSeconds));
          return;
        case 'audio-error':
          toast({
            title: 'Playback Error',
            description: 'There was an error playing the audio. Try selecting a different voice.',
            variant: 'destructive',
          });
          return;
        default: {
          const _exhaustive: never = failure;
          return _exhaustive;
        }
      }
    },
    [dispatch, toast],
  );

  const { status, speak, stop } = useSpeechPlayback(reportFailure);

  const selectedVoice = useCallback(async (id: string): Promise<string | null> => {
    try {
      const { voiceId } = await dispatch(voiceApi.endpoints.getVoicePreference.initiate({ userId: id }, { subscribe: false })).unwrap();
      if (voiceId !== null) return voiceId;
    } catch {
      // Without the server's answer, the voice kept in this browser still serves.
    }
    return readSelectedVoiceId();
  }, [dispatch]);

  const toggle = useCallback(async () => {
    if (status === 'playing') {
      stop();
      return;
    }
    if (!isSubscribed || userId === undefined) {
      toast(PREMIUM_NARRATION);
      return;
    }
    const voiceId = text.trim() === '' ? null : await selectedVoice(userId);
    if (voiceId === null) {
      toast({ title: 'No voice selected', description: 'Please select a voice in the Voice Settings page first.' });
      return;
    }
    await speak({ text, voiceId, userId });
  }, [status, stop, isSubscribed, text, selectedVoice, userId, speak, toast]);

  return { status, toggle, isLocked: !isSubscribed };
}
