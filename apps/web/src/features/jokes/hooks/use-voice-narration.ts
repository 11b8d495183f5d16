import { useCallback } from 'react';
import { useAuth } from '../../../shared/auth/use-auth';
import { useToast } from '../../../shared/toast/toast.context';

/**
 * SPEC 6: voice narration is for Pro subscribers. Voices, the voice preference
 * and playback arrive with the voice issue; until then a subscriber has no
 * voice selected, which SPEC 5 answers with 'No voice selected'.
 */
export function useVoiceNarration() {
  const { isSubscribed } = useAuth();
  const { toast } = useToast();

  const play = useCallback(() => {
    if (!isSubscribed) {
      toast({ title: 'Premium Feature', description: 'Voice narration is available for premium subscribers only' });
      return;
    }
    toast({ title: 'No voice selected', description: 'Please select a voice in the Voice Settings page first.' });
  }, [isSubscribed, toast]);

  return { play, isLocked: !isSubscribed };
}
