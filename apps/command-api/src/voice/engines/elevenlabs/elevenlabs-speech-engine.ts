import { ElevenLabsClient, type ElevenLabs } from '@elevenlabs/elevenlabs-js';
import type { Voice } from '@jokes/contracts';
import type { SpendCeiling } from '../../../spend/spend-ceiling.js';
import { SpeechEngine, SpeechEngineError, type SynthesisRequest, type SynthesizedAudio } from '../speech-engine.port.js';

export const ELEVENLABS_DEFAULT_MODEL = 'eleven_multilingual_v2';
/** 64 kbit/s MP3: ElevenLabs' lowest MP3 rate at 44.1 kHz, ample for speech. */
export const ELEVENLABS_DEFAULT_FORMAT = 'mp3_44100_64';

export interface ElevenLabsOptions {
  apiKey: string;
  /** Another host that speaks the ElevenLabs API (tests, a proxy); the SDK's own by default. */
  baseUrl?: string;
  modelId?: string;
  /** An `mp3_{rate}_{kbps}` format: the product serves compressed audio only. */
  outputFormat?: string;
  /** Counts the characters of every synthesis; none means uncounted (tests of the adapter alone). */
  spend?: Pick<SpendCeiling, 'take'>;
}

/** The voice list is one page of 100 at most per call; a few pages hold any account's voices. */
const PAGE_SIZE = 100;
const MAX_PAGES = 5;

/**
 * ElevenLabs through its official SDK: the account's voices (its own and the
 * ones it added from the voice library) with their gender from the `gender`
 * label, and text-to-speech with the configured model and output format.
 * Time is bounded by the caller's signal; the SDK does not retry, so a slow
 * provider cannot hold a request past it, and a failed narration costs one call.
 * Every synthesis takes its characters from the spend ceiling first.
 */
export class ElevenLabsSpeechEngine extends SpeechEngine {
  readonly id: string;
  private readonly client: ElevenLabsClient;
  private readonly modelId: string;
  private readonly outputFormat: ElevenLabs.TextToSpeechConvertRequestOutputFormat;
  private readonly spend: ElevenLabsOptions['spend'];

  constructor(options: ElevenLabsOptions) {
    super();
    this.modelId = options.modelId ?? ELEVENLABS_DEFAULT_MODEL;
    const format = options.outputFormat ?? ELEVENLABS_DEFAULT_FORMAT;
    if (!/^mp3_\d+_\d+$/.test(format)) throw new Error(`ELEVENLABS_OUTPUT_FORMAT must be an MP3 format such as mp3_44100_64, got "${format}"`);
    this.outputFormat = format as ElevenLabs.TextToSpeechConvertRequestOutputFormat;
    this.id = `elevenlabs:${this.modelId}:${this.outputFormat}`;
    this.spend = options.spend;
    this.client = new ElevenLabsClient({ apiKey: options.apiKey, baseUrl: options.baseUrl, maxRetries: 0 });
  }

  async listVoices(signal?: AbortSignal): Promise<Voice[]> {
    const voices: Voice[] = [];
    let nextPageToken: string | undefined;
    try {
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await this.client.voices.search({ pageSize: PAGE_SIZE, nextPageToken }, { abortSignal: signal, maxRetries: 0 });
        for (const voice of answer.voices) {
          const listed = toVoice(voice);
          if (listed) voices.push(listed);
        }
        if (!answer.hasMore || !answer.nextPageToken) break;
        nextPageToken = answer.nextPageToken;
      }
    } catch (error) {
      throw new SpeechEngineError(`ElevenLabs did not list its voices: ${describe(error)}`, { cause: error });
    }
    return voices;
  }

  async synthesize({ voiceId, text, signal, payer }: SynthesisRequest): Promise<SynthesizedAudio> {
    await this.spend?.take('narration-characters', text.length, payer ?? 'free');
    try {
      const stream = await this.client.textToSpeech.convert(
        voiceId,
        { text, modelId: this.modelId, outputFormat: this.outputFormat },
        { abortSignal: signal, maxRetries: 0 },
      );
      const audio = new Uint8Array(await new Response(stream).arrayBuffer());
      signal.throwIfAborted();
      if (audio.length === 0) throw new Error('the answer held no audio');
      return { audio, contentType: 'audio/mpeg' };
    } catch (error) {
      throw new SpeechEngineError(`ElevenLabs did not speak: ${describe(error)}`, { cause: error });
    }
  }
}

/** A voice without a male or female `gender` label cannot be filtered by gender, so it is not offered. */
export function toVoice(voice: ElevenLabs.Voice): Voice | undefined {
  const labels = voice.labels ?? {};
  const gender = labels.gender?.trim().toLowerCase();
  if (gender !== 'male' && gender !== 'female') return undefined;
  const traits = [labels.accent, labels.age, labels.descriptive ?? labels.description, labels.use_case ?? labels.useCase]
    .filter((trait): trait is string => typeof trait === 'string' && trait.trim() !== '')
    .map((trait) => trait.trim().replaceAll('_', ' '));
  const description = voice.description?.trim() || traits.join(', ');
  return { id: voice.voiceId, name: voice.name?.trim() || voice.voiceId, gender, description };
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message.split('\n')[0]!.slice(0, 300);
  return String(error);
}
