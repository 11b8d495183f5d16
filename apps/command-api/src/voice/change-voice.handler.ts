import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SaveVoicePreferenceResponse } from '@jokes/contracts';
import { isPro, subscriptionDecider, subscriptionStreamId, userDecider, userStreamId } from '@jokes/domain';
import { aggregateStream, EVENT_STORE, eventMetadata, formatCursor, handleCommand, type EventStore } from '@jokes/event-store';
import { appUserOf } from './app-user.js';
import { ChangeVoiceCommand } from './change-voice.command.js';
import { SpeechService } from './speech.service.js';

/** A concurrent step on the same user (a sign-in while saving) is rare; a couple of retries absorb it. */
const RETRIES = 2;

/**
 * Plumbing only: Pro from the subscription stream (as fresh as the event
 * store), the voice checked against the engine's list, then the user decider.
 */
@CommandHandler(ChangeVoiceCommand)
export class ChangeVoiceHandler implements ICommandHandler<ChangeVoiceCommand, SaveVoicePreferenceResponse> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SpeechService) private readonly speech: SpeechService,
  ) {}

  async execute({ input, origin }: ChangeVoiceCommand): Promise<SaveVoicePreferenceResponse> {
    const { state: subscription } = await aggregateStream(this.store, subscriptionStreamId(input.userId), subscriptionDecider);
    const pro = isPro(subscription.status);
    // A free user is refused by the decider; only a Pro user's voice is worth asking the engine about.
    if (pro) await this.speech.requireVoice(input.voiceId);
    const now = new Date();
    const result = await handleCommand(
      this.store,
      userStreamId(input.userId),
      userDecider,
      { type: 'ChangeVoice', data: { userId: input.userId, voiceId: input.voiceId } },
      {
        context: { now, isPro: pro },
        metadata: eventMetadata({ ...origin, actor: input.userId, causationId: randomUUID(), time: now, command: 'ChangeVoice' }),
        retries: RETRIES,
      },
    );
    const user = result.newState;
    // The decider refuses an absent user, so the state is a registered one here.
    if (user.status !== 'registered' || !result.position) throw new Error('ChangeVoice decided on an unregistered user');
    return { success: true, voiceId: input.voiceId, user: { ...appUserOf(user, subscription, input.roles), position: formatCursor(result.position) } };
  }
}
