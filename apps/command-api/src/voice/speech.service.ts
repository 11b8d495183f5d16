import { createHash } from 'node:crypto';
import { BadGatewayException, BadRequestException, GoneException, Inject, Injectable, ServiceUnavailableException, UnprocessableEntityException } from '@nestjs/common';
import { SPEECH_FAILED, VOICE_SAMPLE_TEXT, type Voice } from '@jokes/contracts';
import { log } from '@jokes/server';
import { CONTENT_REFUSED_TITLE } from '../jokes/safety/content-refusal.js';
import { ContentSafety, ContentSafetyError } from '../jokes/safety/content-safety.port.js';
import { NarrationQuota } from '../spend/narration-quota.js';
import type { Payer } from '../spend/spend-ceiling.js';
import { SpendLimitError } from '../spend/spend-limit.error.js';
import { AudioStore, type StoredAudio } from './audio/audio-store.js';
import { extensionOf, SpeechEngine } from './engines/speech-engine.port.js';
import { NarrationBlocks, textHash } from './narration-blocks.js';
import { VOICE_CONFIG } from './voice.tokens.js';
import type { VoiceConfig } from './voice.config.js';

/** The engine's voice list changes rarely (an account adds a voice): asking once in a while is enough. */
const VOICE_LIST_TTL_MS = 10 * 60 * 1000;

/**
 * Narration: the engine speaks a text once per engine, voice and text; the
 * audio is kept in the store under the hash of the three and served from
 * there. Requests for the same audio while it is being made wait for that one
 * synthesis instead of starting another.
 */
@Injectable()
export class SpeechService {
  private voiceList: { voices: Promise<Voice[]>; until: number } | undefined;
  private readonly inFlight = new Map<string, Promise<StoredAudio>>();

  constructor(
    @Inject(SpeechEngine) private readonly engine: SpeechEngine,
    @Inject(AudioStore) private readonly store: AudioStore,
    @Inject(VOICE_CONFIG) private readonly config: VoiceConfig,
    @Inject(NarrationQuota) private readonly quota: NarrationQuota,
    @Inject(ContentSafety) private readonly safety: ContentSafety,
    @Inject(NarrationBlocks) private readonly blocks: NarrationBlocks,
  ) {}

  /** The engine's voices (502 when it cannot say). */
  async voices(): Promise<Voice[]> {
    const now = Date.now();
    if (!this.voiceList || this.voiceList.until <= now) {
      const voices = this.engine.listVoices(AbortSignal.timeout(this.config.speechTimeoutMs));
      this.voiceList = { voices, until: now + VOICE_LIST_TTL_MS };
      // A failure is not kept: the next request asks again.
      voices.catch(() => (this.voiceList = undefined));
    }
    try {
      return await this.voiceList.voices;
    } catch (error) {
      log('error', 'speech engine did not list its voices', { engine: this.engine.id, error: error instanceof Error ? error.message : String(error) });
      throw new BadGatewayException({ error: 'Failed to load voices', message: 'The voice service did not answer. Please try again.' });
    }
  }

  /** 400 for a voice the engine does not offer. */
  async requireVoice(voiceId: string): Promise<Voice> {
    const voice = (await this.voices()).find((candidate) => candidate.id === voiceId);
    if (!voice) throw new BadRequestException({ error: 'Unknown voice', message: `There is no voice "${voiceId}". Please choose one from the list.` });
    return voice;
  }

  /**
   * The stored audio of the text in the voice, synthesised now if it never was
   * (502 when the engine fails or runs out of time). Only a synthesis counts
   * against the listener's daily quota (429) and a paid engine's spend ceiling
   * (503): audio served from the store costs nothing. A text is judged as a
   * joke is before it is first read aloud (422): the voice is not a way to
   * have anything said that the writer would never write.
   */
  async narrate(text: string, voiceId: string, listener: Listener): Promise<StoredAudio> {
    if (await this.blocks.isBlocked(textHash(text))) throw new GoneException({ error: JOKE_TAKEN_DOWN, message: "This joke was taken down, so it can't be read aloud." });
    const hash = audioHash(this.engine.id, voiceId, text);
    const stored = await this.store.find(hash);
    if (stored) return stored;
    let pending = this.inFlight.get(hash);
    if (!pending) {
      pending = this.synthesize(hash, text, voiceId, listener).finally(() => this.inFlight.delete(hash));
      this.inFlight.set(hash, pending);
    }
    return pending;
  }

  private async synthesize(hash: string, text: string, voiceId: string, listener: Listener): Promise<StoredAudio> {
    if (text !== VOICE_SAMPLE_TEXT) await this.judge(text);
    // The preview's one fixed sentence is made once per voice: the voice page keeps working on a used-up quota.
    const counted = text === VOICE_SAMPLE_TEXT ? undefined : await this.quota.take(listener.userId, text.length);
    const started = performance.now();
    let spoken;
    try {
      spoken = await this.engine.synthesize({ voiceId, text, signal: AbortSignal.timeout(this.config.speechTimeoutMs), payer: listener.payer });
    } catch (error) {
      // Nothing was read aloud: the listener keeps the characters.
      await counted?.giveBack();
      if (error instanceof SpendLimitError) throw error;
      log('error', 'speech synthesis failed', { engine: this.engine.id, voiceId, error: error instanceof Error ? error.message : String(error) });
      throw new BadGatewayException({ error: SPEECH_FAILED, message: 'The voice service could not read this joke aloud. Please try again.' });
    }
    const stored = await this.store.put(hash, extensionOf(spoken.contentType), spoken.audio);
    log('info', 'speech synthesised', { engine: this.engine.id, voiceId, characters: text.length, bytes: stored.size, ms: Math.round(performance.now() - started) });
    return stored;
  }

  /**
   * A withdrawn joke is never read aloud again: its text is blocked, and its
   * audio in every voice of the engine is blocked and deleted here (another
   * instance refuses to serve its copy). A voice list that cannot be had only
   * leaves the files to the cache's eviction; the text is blocked regardless.
   */
  async forget(jokeId: string, content: string): Promise<void> {
    const voices = await this.voices().catch(() => [] as Voice[]);
    const audio = voices.map((voice) => audioHash(this.engine.id, voice.id, content));
    await this.blocks.block(jokeId, [textHash(content), ...audio]);
    for (const hash of audio) await this.store.remove(hash);
  }

  /** Whether an audio file (by its name's hash) may be served: not when it is a withdrawn joke's. */
  async servable(hash: string): Promise<boolean> {
    return !(await this.blocks.isBlocked(hash));
  }

  /** 422 for a text the moderator refuses (its category, none of the text); 503 or 502 when it cannot judge. */
  private async judge(text: string): Promise<void> {
    let verdict;
    try {
      verdict = await this.safety.checkJoke(text, AbortSignal.timeout(this.config.speechTimeoutMs));
    } catch (error) {
      if (!(error instanceof ContentSafetyError)) throw error;
      log('error', 'moderation of a narration failed', { moderator: this.safety.moderatorName, error: error.message });
      const body = { error: SPEECH_FAILED, message: 'The voice service could not read this joke aloud. Please try again.' };
      throw error.retryable ? new ServiceUnavailableException(body) : new BadGatewayException(body);
    }
    if (verdict.allowed) return;
    log('info', 'narration refused', { moderator: this.safety.moderatorName, category: verdict.category });
    throw new UnprocessableEntityException({ error: CONTENT_REFUSED_TITLE, message: NARRATION_REFUSED_MESSAGE, category: verdict.category });
  }
}

/** The title of the 410 for a withdrawn joke's text. */
export const JOKE_TAKEN_DOWN = 'Joke taken down';

/** What the listener reads when a text is refused: the product says no without scolding. */
export const NARRATION_REFUSED_MESSAGE = "That one isn't ours to read aloud. Try another joke.";

/** Who asked for the narration: whose daily quota and share of the spend ceiling it counts against. */
export interface Listener {
  userId: string;
  payer: Payer;
}

/** The cache key: the engine (with its model and format), the voice and the exact text. */
export function audioHash(engineId: string, voiceId: string, text: string): string {
  return createHash('sha256').update(JSON.stringify([engineId, voiceId, text])).digest('hex');
}
