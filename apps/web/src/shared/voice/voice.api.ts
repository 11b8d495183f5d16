import {
  getVoicePreference,
  listVoices,
  saveVoicePreference,
  textToSpeech,
  type ListVoicesResponse,
  type QueryOf,
  type SaveVoicePreferenceRequest,
  type SaveVoicePreferenceResponse,
  type TextToSpeechRequest,
  type TextToSpeechResponse,
  type VoicePreferenceResponse,
} from '@jokes/contracts';
import { baseApi } from '../api/base-api';
import { positionObserved } from '../api/consistency.slice';

/** SPEC 9: the voice list is cached for one hour. */
export const VOICE_LIST_CACHE_SECONDS = 3600;

// The voice calls are shared by the joke card (narration) and the voice settings
// page (list, preview, save), two features, so they live below both.
export const voiceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listVoices: build.query<ListVoicesResponse, QueryOf<typeof listVoices>>({
      query: (params) => ({ url: listVoices.path, params }),
      responseSchema: listVoices.response,
      keepUnusedDataFor: VOICE_LIST_CACHE_SECONDS,
    }),
    getVoicePreference: build.query<VoicePreferenceResponse, QueryOf<typeof getVoicePreference>>({
      query: (params) => ({ url: getVoicePreference.path, params }),
      responseSchema: getVoicePreference.response,
    }),
    saveVoicePreference: build.mutation<SaveVoicePreferenceResponse, SaveVoicePreferenceRequest>({
      query: (body) => ({ url: saveVoicePreference.path, method: saveVoicePreference.method, body }),
      responseSchema: saveVoicePreference.response,
      // The answer is the saved preference: the cached one takes it at once. The
      // command's position rides on the user it returns, not at the top of the
      // body where the base query looks for it, so later reads wait for it too.
      async onQueryStarted({ userId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(positionObserved(data.user.position));
          void dispatch(voiceApi.util.upsertQueryData('getVoicePreference', { userId }, { success: true, voiceId: data.voiceId }));
        } catch {
          // The caller reports the failure.
        }
      },
    }),
    textToSpeech: build.mutation<TextToSpeechResponse, TextToSpeechRequest>({
      query: (body) => ({ url: textToSpeech.path, method: textToSpeech.method, body }),
      responseSchema: textToSpeech.response,
    }),
  }),
});

export const { useListVoicesQuery, useGetVoicePreferenceQuery, useSaveVoicePreferenceMutation, useTextToSpeechMutation } = voiceApi;
