import type { Voice } from '@jokes/contracts';
import { useCallback } from 'react';
import { useAuth } from '../../../shared/auth/use-auth';
import { useToast } from '../../../shared/toast/toast.context';
import { keepSelectedVoiceId } from '../../../shared/voice/selected-voice.storage';
import { useSaveVoicePreferenceMutation } from '../../../shared/voice/voice.api';
import { isRefusal, saveFailure, subscriptionChanged } from '../utils/save-outcome';

/** SPEC 9: the voice page reloads 1.5 s after the status toast. */
export const RELOAD_AFTER_MS = 1_500;

const reloadPage = () => window.location.reload();

/**
 * Save Voice Preference (SPEC 5 and 8): needs a chosen voice; the server keeps
 * it (ChangeVoice) and so does this browser (`selectedVoiceId`, what the card
 * falls back on). When only the browser could keep it, that is a partial
 * success. A saved user whose subscription differs from ours means this page
 * is out of date: a toast, then a reload.
 */
export function useSaveVoice(reload: () => void = reloadPage) {
  const { user } = useAuth();
  const { toast } = useToast();
  const [saveVoicePreference, { isLoading: isSaving }] = useSaveVoicePreferenceMutation();

  const save = useCallback(
    async (voice: Voice | undefined) => {
      if (voice === undefined) {
        toast({ title: 'No voice selected', description: 'Please select a voice before saving.' });
        return;
      }
      if (user === null) return;
      try {
        const saved = await saveVoicePreference({ voiceId: voice.id, userId: user.id }).unwrap();
        keepSelectedVoiceId(voice.id);
        if (subscriptionChanged(user.has_active_subscription, saved.user.has_active_subscription)) {
          toast({ title: 'Subscription status changed', description: 'Your subscription status has changed. Reloading the page…' });
          setTimeout(reload, RELOAD_AFTER_MS);
          return;
        }
        toast({ title: 'Voice preference saved', description: `${voice.name} will read your jokes aloud.` });
      } catch (error) {
        // A voice the server refused is not kept here either.
        const outcome = saveFailure(error, !isRefusal(error) && keepSelectedVoiceId(voice.id));
        if (outcome.kind === 'kept-on-device') {
          toast({
            title: 'Partial success',
            description: 'Your voice was saved on this device only: the server could not be reached. Try saving again later.',
          });
          return;
        }
        toast({ title: 'Error saving preference', description: outcome.reason, variant: 'destructive' });
      }
    },
    [user, saveVoicePreference, toast, reload],
  );

  return { save, isSaving };
}
