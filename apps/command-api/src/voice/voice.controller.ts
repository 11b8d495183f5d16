import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import {
  listVoices,
  saveVoicePreference,
  saveVoicePreferenceRequest,
  textToSpeech,
  textToSpeechRequest,
  type ListVoicesResponse,
  type SaveVoicePreferenceResponse,
  type TextToSpeechResponse,
} from '@jokes/contracts';
import { isPro, subscriptionDecider, subscriptionStreamId, userDecider, userStreamId, VoiceRequiresPremiumError } from '@jokes/domain';
import { aggregateStream, EVENT_STORE, runCommand, type CommandOrigin, type EventStore } from '@jokes/event-store';
import { assertOwnUserId, type Caller, CurrentCaller, parseOrBadRequest, requireCaller } from '@jokes/server';
import { Origin } from '../http/command-origin.js';
import { EntitlementsService } from '../jokes/entitlements.service.js';
import { appUserOf } from './app-user.js';
import { SpeechService } from './speech.service.js';
import { RateLimited } from '../rate-limits/rate-limited.decorator.js';

/**
 * The voice calls of SPEC section 7 on the side that owns the engine. Every
 * one needs a session (401) for the caller's own userId (403); narration and
 * saving are Pro (403 with requiresPremium), checked from the subscription
 * stream before the engine is asked anything.
 */
/** A concurrent step on the same user (a sign-in while saving) is rare; a couple of retries absorb it. */
const CHANGE_VOICE_RETRIES = 2;

@Controller()
export class VoiceController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SpeechService) private readonly speech: SpeechService,
    @Inject(EntitlementsService) private readonly entitlements: EntitlementsService,
  ) {}

  @Get(listVoices.path)
  async voices(@Query() query: unknown, @CurrentCaller() caller: Caller | undefined): Promise<ListVoicesResponse> {
    const who = requireCaller(caller);
    const { userId } = parseOrBadRequest(listVoices.query!, query) as { userId: string };
    assertOwnUserId(who, userId);
    const [voices, isPremium] = await Promise.all([this.speech.voices(), this.entitlements.isPro(who.userId)]);
    return { success: true, voices, isPremium, requiresSubscription: !isPremium };
  }

  @Post(saveVoicePreference.path)
  @HttpCode(200)
  async save(@Body() body: unknown, @CurrentCaller() caller: Caller | undefined, @Origin() origin: CommandOrigin): Promise<SaveVoicePreferenceResponse> {
    const who = requireCaller(caller);
    const request = parseOrBadRequest(saveVoicePreferenceRequest, body);
    assertOwnUserId(who, request.userId);
    // The providers first: Pro from the subscription stream (as fresh as the event store), then the voice
    // checked against the engine's list; a free user is refused by the decider, so only a Pro user's voice
    // is worth asking the engine about.
    const { state: subscription } = await aggregateStream(this.store, subscriptionStreamId(who.userId), subscriptionDecider);
    const pro = isPro(subscription.status);
    if (pro) await this.speech.requireVoice(request.voiceId);
    const { newState: user, answer } = await runCommand(
      this.store,
      userDecider,
      userStreamId(who.userId),
      { type: 'ChangeVoice', data: { userId: who.userId, voiceId: request.voiceId } },
      { actor: who.userId, origin, context: { now: new Date(), isPro: pro }, retries: CHANGE_VOICE_RETRIES },
    );
    // The decider refuses an absent user, so the state is a registered one here.
    if (user.status !== 'registered' || !answer) throw new Error('ChangeVoice decided on an unregistered user');
    return { success: true, voiceId: request.voiceId, user: { ...appUserOf(user, subscription, who.roles), position: answer } };
  }

  @Post(textToSpeech.path)
  @RateLimited('text-to-speech')
  @HttpCode(200)
  async speak(@Body() body: unknown, @CurrentCaller() caller: Caller | undefined): Promise<TextToSpeechResponse> {
    const who = requireCaller(caller);
    const request = parseOrBadRequest(textToSpeechRequest, body);
    assertOwnUserId(who, request.userId);
    if (!(await this.entitlements.isPro(who.userId))) throw new VoiceRequiresPremiumError();
    await this.speech.requireVoice(request.voiceId);
    const audio = await this.speech.narrate(request.text, request.voiceId, { userId: who.userId, payer: 'pro' });
    return { audioUrl: `/api/audio/${audio.name}` };
  }
}
