import { VOICE_SAMPLE_TEXT, type Voice } from '@jokes/contracts';
import { useCallback } from 'react';
import { slowDownToast } from '../../../shared/api/rate-limited';
import { useAuth } from '../../../shared/auth/use-auth';
import { useToast } from '../../../shared/toast/toast.context';
import type { SpeechFailure } from '../../../shared/voice/speech-failure';
import { useSpeechPlayback } from '../../../shared/voice/use-speech-playback';

/**
 * One voice's Preview (SPEC 4): the same page-wide playback as the joke card's
 * Listen, so a preview stops any other sound; pressed while playing, it stops.
 */
export function useVoicePreview(voice: Voice) {
  const { user } = useAuth();
  const { toast } = useToast();
  const reportFailure = useCallback(
    (failure: SpeechFailure) => {
      if (failure.kind === 'rate-limited') toast(slowDownToast(failure.retryAfterSeconds));
      else toast({ title: 'Playback Error', description: 'Failed to play voice sample. Please try again.', variant: 'destructive' });
    },
    [toast],
  );
  const { status, speak, stop } = useSpeechPlayback(reportFailure);
  const userId = user?.id;

  const toggle = useCallback(async () => {
    if (status === 'playing') {
      stop();
      return;
    }
    if (userId === undefined) return;
    await speak({ text: VOICE_SAMPLE_TEXT, voiceId: voice.id, userId });
  }, [status, stop, userId, speak, voice.id]);

  return { status, toggle };
}
