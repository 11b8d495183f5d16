import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { anAppUser, answerSync, requestsTo } from '../../../testing/accounts';
import { notifications } from '../../../testing/antd';
import { fakeApi, json } from '../../../testing/fake-api';
import { FakeAuthClient } from '../../../testing/fake-auth-client';
import { renderInLayout } from '../../../testing/render-app';
import { answerVoices, FEMALE_VOICE, MALE_VOICE } from '../../../testing/voices';
import { VoiceSettings } from './VoiceSettings';

beforeEach(() => localStorage.clear());
afterEach(() => {
  jest.restoreAllMocks();
});

/** Save Voice Preference, on its own with a reload the test can see (a page reload would end jsdom's page). */
async function voiceSettings({ preference = null as string | null } = {}) {
  const auth = new FakeAuthClient();
  const user = auth.signedInAs('ana@example.com');
  const appUser = anAppUser(user, { has_active_subscription: true });
  const server = answerVoices(answerSync(fakeApi(), () => appUser), { preference });
  const reload = jest.fn<() => void>();
  const view = renderInLayout(<VoiceSettings reload={reload} />, { auth });
  await screen.findByRole('radiogroup', { name: 'Voices' });
  // The user (and the subscription the page compares with) is in once the sync has answered.
  await waitFor(() => expect(requestsTo(server, 'POST /api/sync-user')).toHaveLength(1));
  const saved = (overrides: Partial<typeof appUser> = {}) =>
    json({ success: true, voiceId: FEMALE_VOICE.id, user: { ...appUser, selected_voice_id: FEMALE_VOICE.id, position: '700.4', ...overrides } });
  return { ...view, server, user, reload, saved };
}

const chooseSally = () => fireEvent.click(screen.getByRole('radio', { name: FEMALE_VOICE.name }));
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Voice Preference' }));
const toast = () => notifications().textContent;
const saveBodies = (server: ReturnType<typeof fakeApi>) =>
  Promise.all(requestsTo(server, 'POST /api/save-voice-preference').map((request) => request.json()));

describe('Save Voice Preference', () => {
  it('asks for a voice first when none is selected, and sends nothing', async () => {
    const { server } = await voiceSettings();

    save();

    expect(toast()).toBe('No voice selectedPlease select a voice before saving.');
    expect(requestsTo(server, 'POST /api/save-voice-preference')).toHaveLength(0);
  });

  it('saves the chosen voice on the server and in this browser', async () => {
    const { server, user, saved, reload } = await voiceSettings({ preference: MALE_VOICE.id });
    server.on('POST /api/save-voice-preference', () => saved());

    chooseSally();
    save();

    await waitFor(() => expect(toast()).toBe('Voice preference savedSally will read your jokes aloud.'));
    expect(await saveBodies(server)).toEqual([{ voiceId: FEMALE_VOICE.id, userId: user.id }]);
    expect(localStorage.getItem('selectedVoiceId')).toBe(FEMALE_VOICE.id);
    expect(reload).not.toHaveBeenCalled();
  });

  it("keeps the saved voice marked, and later reads wait for the save's position", async () => {
    const { server, saved, store } = await voiceSettings({ preference: MALE_VOICE.id });
    server.on('POST /api/save-voice-preference', () => saved());

    chooseSally();
    save();
    await screen.findByText('Voice preference saved');

    expect(screen.getByRole<HTMLInputElement>('radio', { name: FEMALE_VOICE.name }).checked).toBe(true);
    // The command's position comes on the returned user; the next read sends it back.
    expect(store.getState().consistency.position).toBe('700.4');
  });

  it('keeps the voice on this device only when the server cannot be reached: Partial success', async () => {
    const { server } = await voiceSettings();
    server.on('POST /api/save-voice-preference', () => Promise.reject(new TypeError('Failed to fetch')));

    chooseSally();
    save();

    await waitFor(() => expect(toast()).toMatch(/^Partial success/));
    expect(localStorage.getItem('selectedVoiceId')).toBe(FEMALE_VOICE.id);
  });

  it('keeps the voice on this device only when the server fails: Partial success', async () => {
    const { server } = await voiceSettings();
    server.on('POST /api/save-voice-preference', () => json({ error: 'Internal error' }, { status: 500 }));

    chooseSally();
    save();

    await waitFor(() => expect(toast()).toMatch(/^Partial success/));
    expect(localStorage.getItem('selectedVoiceId')).toBe(FEMALE_VOICE.id);
  });

  it("says the preference was not saved when the server refuses the voice, and keeps none", async () => {
    const { server } = await voiceSettings();
    server.on('POST /api/save-voice-preference', () =>
      json({ error: 'Invalid request', message: 'voiceId: Unknown voice', fieldErrors: { voiceId: ['Unknown voice'] } }, { status: 400 }),
    );

    chooseSally();
    save();

    await waitFor(() => expect(toast()).toBe('Error saving preferencevoiceId: Unknown voice'));
    expect(localStorage.getItem('selectedVoiceId')).toBeNull();
  });

  it('says the preference was not saved when neither the server nor this browser could keep it', async () => {
    const { server } = await voiceSettings();
    server.on('POST /api/save-voice-preference', () => json({ error: 'Internal error' }, { status: 500 }));
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });

    chooseSally();
    save();

    await waitFor(() => expect(toast()).toBe('Error saving preferenceYour voice could not be saved. Please try again.'));
  });

  it("reloads the page 1.5 s after a toast when the saved user's subscription differs", async () => {
    const { server, saved, reload } = await voiceSettings();
    server.on('POST /api/save-voice-preference', () => saved({ has_active_subscription: false }));
    chooseSally();

    jest.useFakeTimers();
    try {
      save();
      // The save answers through promises, not timers: let them settle.
      await act(async () => {
        for (let turn = 0; turn < 500 && !toast()?.startsWith('Subscription status changed'); turn += 1) await Promise.resolve();
      });
      expect(toast()).toMatch(/^Subscription status changed/);

      act(() => jest.advanceTimersByTime(1_499));
      expect(reload).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
