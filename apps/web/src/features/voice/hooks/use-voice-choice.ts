import { useMemo, useState } from 'react';
import { useAuth } from '../../../shared/auth/use-auth';
import { readSelectedVoiceId } from '../../../shared/voice/selected-voice.storage';
import { useGetVoicePreferenceQuery, useListVoicesQuery } from '../../../shared/voice/voice.api';
import { filterVoices, type GenderFilterValue } from '../utils/voice-filter';

/**
 * The voice page's data and choices: the engine's voices (cached an hour), the
 * gender filter, and the chosen voice, which starts on the saved one (the
 * server's preference, else the voice kept in this browser, SPEC 7).
 */
export function useVoiceChoice() {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const voices = useListVoicesQuery({ userId }, { skip: user === null });
  const preference = useGetVoicePreferenceQuery({ userId }, { skip: user === null });
  const [gender, setGender] = useState<GenderFilterValue>('all');
  const [chosenId, setChosenId] = useState<string | null>(null);

  const preferenceSettled = !preference.isLoading && !preference.isUninitialized;
  const savedId = preference.data?.voiceId ?? (preferenceSettled ? readSelectedVoiceId() : null);
  const selectedId = chosenId ?? savedId;
  const all = voices.data?.voices;
  const shown = useMemo(() => filterVoices(all ?? [], gender), [all, gender]);

  return {
    voices: voices.data,
    isLoading: voices.isLoading || !preferenceSettled,
    isError: voices.isError,
    shown,
    gender,
    setGender,
    selectedId,
    selected: all?.find((voice) => voice.id === selectedId),
    choose: setChosenId,
  };
}
