import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
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
import { VoiceRequiresPremiumError } from '@jokes/domain';
import type { CommandOrigin } from '@jokes/event-store';
import { assertOwnUserId, type Caller, CurrentCaller, parseOrBadRequest, requireCaller } from '@jokes/server';
import { Origin } from '../http/command-origin.js';
import { EntitlementsService } from '../jokes/entitlements.service.js';
import { ChangeVoiceCommand } from './change-voice.command.js';
import { SpeechService } from './speech.service.js';
import { RateLimited } from '../rate-limits/rate-limited.decorator.js';

/**
 * The voice calls of SPEC section 7 on the side that owns the engine. Every
 * one needs a session (401) for the caller's own userId (403); narration and
 * saving are Pro (403 with requiresPremium), checked from the subscription
 * stream before the engine is asked anything.
 */
@Controller()
export class VoiceController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
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
    return this.commandBus.execute(new ChangeVoiceCommand({ userId: who.userId, voiceId: request.voiceId, roles: who.roles }, origin));
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
