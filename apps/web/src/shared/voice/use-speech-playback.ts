import { useCallback, useEffect, useId, useSyncExternalStore } from 'react';
import { useAppDispatch } from '../store/hooks';
import { audioController, type PlaybackStatus } from './audio-controller';
import { classifySpeechFailure, PlaybackError, type SpeechFailure } from './speech-failure';
import { voiceApi } from './voice.api';

export interface SpeechRequest {
  text: string;
  voiceId: string;
  userId: string;
}

/** SPEC 3: audioUrl is absolute, or a path on the site's origin. */
export function resolveAudioUrl(audioUrl: string, origin: string = window.location.origin): string {
  return new URL(audioUrl, origin).toString();
}

/**
 * SPEC 7: a HEAD request checks that the file is reachable before it is played.
 * The file needs no session (its name is an unguessable hash), and an absolute
 * URL may be another origin's, so cookies go only to our own.
 */
async function checkReachable(url: string): Promise<void> {
  const response = await fetch(url, { method: 'HEAD', credentials: 'same-origin' });
  if (!response.ok) throw new PlaybackError(`Audio file not accessible: ${response.status}`);
}

/**
 * One Listen or Preview button's playback (SPEC 4): idle, loading while the
 * speech is requested and checked, playing, then idle on end, error or stop.
 * Every button shares the page's one controller, so starting one stops any
 * other; a button that leaves the page stops its own. Failures go to
 * `onFailure`, for the screen to word.
 */
export function useSpeechPlayback(onFailure: (failure: SpeechFailure) => void) {
  const owner = useId();
  const dispatch = useAppDispatch();
  const status: PlaybackStatus = useSyncExternalStore(audioController.subscribe, () => audioController.statusOf(owner));

  useEffect(() => () => audioController.stop(owner), [owner]);

  const speak = useCallback(
    async (request: SpeechRequest): Promise<void> => {
      const playback = audioController.begin(owner);
      try {
        const call = dispatch(voiceApi.endpoints.textToSpeech.initiate(request));
        // The answer is used once, here: the store need not keep it.
        const { audioUrl } = await call.unwrap().finally(() => call.reset());
        if (!playback.isCurrent()) return;
        const url = resolveAudioUrl(audioUrl);
        await checkReachable(url);
        await playback.play(url, () => onFailure({ kind: 'audio-error' }));
      } catch (error) {
        // A playback stopped or replaced meanwhile has nothing left to report.
        if (!playback.isCurrent()) return;
        playback.end();
        onFailure(classifySpeechFailure(error));
      }
    },
    [dispatch, onFailure, owner],
  );

  const stop = useCallback(() => audioController.stop(owner), [owner]);

  return { status, speak, stop };
}
