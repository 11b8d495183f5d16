import { describe, expect, it } from '@jest/globals';
import { givenWhenThen } from '../testing/index.js';
import { userDecider, type UserCommand, type UserContext } from './user.decider.js';
import { UserNotFoundError, VOICE_PREMIUM_MESSAGE, VoiceRequiresPremiumError } from './user.errors.js';
import type { UserEvent } from './user.events.js';

const given = givenWhenThen(userDecider);

const userId = '6f1d2c3b-4a59-4e68-8b7a-9c0d1e2f3a4b';
const at = '2025-05-01T12:00:00.000Z';
const pro: UserContext = { now: new Date(at), isPro: true };
const free: UserContext = { now: new Date(at), isPro: false };

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'grace@example.com', username: 'grace', ageConfirmed: true, rememberMe: false, registeredAt: '2025-04-01T00:00:00.000Z' },
};
const changeVoice = (voiceId: string): UserCommand => ({ type: 'ChangeVoice', data: { userId, voiceId } });
const changed = (voiceId: string, previousVoiceId: string | null): UserEvent => ({
  type: 'VoicePreferenceChanged',
  data: { userId, voiceId, previousVoiceId, changedAt: at },
});

describe('ChangeVoice', () => {
  describe('when a Pro user has no voice yet', () => {
    it('records the first choice with no previous voice', () => {
      given([registered]).when(changeVoice('flite-slt'), pro).then([changed('flite-slt', null)]);
    });
  });

  describe('when a Pro user has chosen a voice', () => {
    it('records the new voice with the one it replaces', () => {
      given([registered, changed('flite-slt', null)]).when(changeVoice('flite-awb'), pro).then([changed('flite-awb', 'flite-slt')]);
    });

    it('records nothing when the same voice is chosen again', () => {
      given([registered, changed('flite-slt', null)]).when(changeVoice('flite-slt'), pro).then([]);
    });
  });

  describe('when the user is not Pro', () => {
    it('refuses with the Premium Feature words for narration', () => {
      given([registered])
        .when(changeVoice('flite-slt'), free)
        .thenThrows(VoiceRequiresPremiumError, (error) => {
          expect(error.code).toBe('requires_premium');
          expect(error.message).toBe(VOICE_PREMIUM_MESSAGE);
        });
    });
  });

  describe('when the account does not exist', () => {
    it('refuses', () => {
      given([]).when(changeVoice('flite-slt'), pro).thenThrows(UserNotFoundError);
    });
  });

  it('refuses to decide without knowing whether the user is Pro', () => {
    expect(() => userDecider.decide(changeVoice('flite-slt'), userDecider.evolve(userDecider.initialState(), registered), { now: new Date(at) })).toThrow(
      'ChangeVoice needs isPro in its context',
    );
  });
});

describe('evolve VoicePreferenceChanged', () => {
  it('keeps the chosen voice in the state', () => {
    const state = [registered, changed('flite-slt', null), changed('flite-rms', 'flite-slt')].reduce(userDecider.evolve, userDecider.initialState());
    expect(state).toMatchObject({ status: 'registered', selectedVoiceId: 'flite-rms' });
  });
});
