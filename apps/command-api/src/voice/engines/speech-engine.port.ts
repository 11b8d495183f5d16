import type { Voice } from '@jokes/contracts';
import type { Payer } from '../../spend/spend-ceiling.js';

export type AudioContentType = 'audio/mpeg' | 'audio/ogg';

export interface SynthesisRequest {
  voiceId: string;
  text: string;
  /** Aborted when the engine's time is up or the caller went away: the engine stops and answers nothing. */
  signal: AbortSignal;
  /** Whose share of the spend ceiling a paid engine's characters count against. */
  payer?: Payer;
}

export interface SynthesizedAudio {
  /** The whole compressed file. */
  audio: Uint8Array;
  contentType: AudioContentType;
}

/**
 * Speaks text in one of its voices (DESIGN.md decision 14: the offline engine
 * and ElevenLabs sit behind this one port). An abstract class rather than an
 * interface so that NestJS can use it as the injection token.
 */
export abstract class SpeechEngine {
  /**
   * Names the engine and everything that changes its output (model, format,
   * bitrate): part of the audio cache's key, so a change never serves old audio.
   */
  abstract readonly id: string;
  abstract listVoices(signal?: AbortSignal): Promise<Voice[]>;
  /**
   * Rejects with SpeechEngineError, or with SpendCeilingReachedError before a
   * paid call the hour's budget has no room for.
   */
  abstract synthesize(request: SynthesisRequest): Promise<SynthesizedAudio>;
}

export class SpeechEngineError extends Error {
  override readonly name = 'SpeechEngineError';
}

/** The file name extension of a content type, for the audio's URL. */
export function extensionOf(contentType: AudioContentType): 'mp3' | 'ogg' {
  return contentType === 'audio/ogg' ? 'ogg' : 'mp3';
}
