import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { anAppUser, answerSync, requestsTo } from '../../testing/accounts';
import { notifications } from '../../testing/antd';
import { fakeApi, json } from '../../testing/fake-api';
import { FakeAuthClient } from '../../testing/fake-auth-client';
import { catalogue } from '../../testing/fixtures';
import { playingAudio, stubMediaPlayback } from '../../testing/media';
import { renderApp } from '../../testing/render-app';
import { answerVoices, AUDIO_PATH, FEMALE_VOICE, MALE_VOICE, OTHER_FEMALE_VOICE, OTHER_MALE_VOICE } from '../../testing/voices';

const media = stubMediaPlayback();

beforeEach(() => localStorage.clear());

async function openVoiceSettings({ preference = null as string | null } = {}) {
  const auth = new FakeAuthClient();
  const user = auth.signedInAs('ana@example.com');
  const server = answerVoices(
    answerSync(
      fakeApi().on('GET /api/comedians', () => json(catalogue)),
      () => anAppUser(user, { has_active_subscription: true }),
    ),
    { preference },
  );
  const view = renderApp('/voice-settings', { auth });
  await screen.findByRole('radiogroup', { name: 'Voices' });
  return { ...view, server, user };
}

const listedVoices = () => within(screen.getByRole('list', { name: 'Voice list' })).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent);
const voiceRadio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
const toast = () => notifications().textContent;

describe('/voice-settings, the voice list', () => {
  it("lists the engine's voices with their gender and description, for the signed-in user", async () => {
    const { server, user } = await openVoiceSettings();

    expect(listedVoices()).toEqual(['Alan', 'Sally', 'Kal', 'Carol']);
    const sally = voiceRadio('Sally').closest('li')!;
    expect(within(sally).getByText('Female')).toBeTruthy();
    expect(within(sally).getByText('Bright and clear')).toBeTruthy();
    const [request] = requestsTo(server, 'GET /api/voices');
    expect(new URL(request!.url).searchParams.get('userId')).toBe(user.id);
  });

  it('filters the voices by gender: all, male, female', async () => {
    await openVoiceSettings();
    const gender = screen.getByRole('radiogroup', { name: 'Gender' });

    fireEvent.click(within(gender).getByRole('radio', { name: 'Female' }));
    expect(listedVoices()).toEqual([FEMALE_VOICE.name, OTHER_FEMALE_VOICE.name]);

    fireEvent.click(within(gender).getByRole('radio', { name: 'Male' }));
    expect(listedVoices()).toEqual([MALE_VOICE.name, OTHER_MALE_VOICE.name]);

    fireEvent.click(within(gender).getByRole('radio', { name: 'All' }));
    expect(listedVoices()).toHaveLength(4);
  });

  it('marks the saved voice as selected', async () => {
    await openVoiceSettings({ preference: FEMALE_VOICE.id });

    expect(voiceRadio('Sally').checked).toBe(true);
    expect(within(voiceRadio('Sally').closest('li')!).getByText('Selected')).toBeTruthy();
    expect(screen.getAllByText('Selected')).toHaveLength(1);
  });

  it('marks the voice kept in this browser when the server has none', async () => {
    localStorage.setItem('selectedVoiceId', OTHER_MALE_VOICE.id);
    await openVoiceSettings({ preference: null });

    expect(voiceRadio('Kal').checked).toBe(true);
  });

  it('moves the mark to the voice the user picks', async () => {
    await openVoiceSettings({ preference: FEMALE_VOICE.id });

    fireEvent.click(voiceRadio('Alan'));

    expect(voiceRadio('Alan').checked).toBe(true);
    expect(voiceRadio('Sally').checked).toBe(false);
    expect(within(voiceRadio('Alan').closest('li')!).getByText('Selected')).toBeTruthy();
  });

  it('keeps the voice list for an hour (SPEC 9), then asks again', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { server, router } = await openVoiceSettings();
      const leaveAndReturn = async () => {
        await act(() => router.navigate('/'));
        await screen.findByRole('button', { name: 'Make Me Laugh' });
        return { back: () => act(() => router.navigate('/voice-settings')) };
      };

      let trip = await leaveAndReturn();
      act(() => jest.advanceTimersByTime(3_599_000));
      await trip.back();
      await screen.findByRole('radiogroup', { name: 'Voices' });
      expect(requestsTo(server, 'GET /api/voices')).toHaveLength(1);

      trip = await leaveAndReturn();
      act(() => jest.advanceTimersByTime(3_600_000));
      await trip.back();
      await screen.findByRole('radiogroup', { name: 'Voices' });
      expect(requestsTo(server, 'GET /api/voices')).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('says so when the voices cannot be loaded', async () => {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs('ana@example.com');
    answerSync(fakeApi(), () => anAppUser(user, { has_active_subscription: true })).on('GET /api/voices', () =>
      json({ error: 'Failed to list voices' }, { status: 502 }),
    );
    renderApp('/voice-settings', { auth });

    expect(await screen.findByText('The voices could not be loaded. Please reload the page.')).toBeTruthy();
  });
});

describe('/voice-settings, previews', () => {
  it("plays a fixed sample sentence in that voice, and the voice's Stop ends it", async () => {
    const { server, user } = await openVoiceSettings();

    fireEvent.click(screen.getByRole('button', { name: 'Preview Sally' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Stop Sally' }));
    const [request] = requestsTo(server, 'POST /api/text-to-speech');
    const body = (await request!.json()) as { text: string; voiceId: string; userId: string };
    expect(body).toEqual({ text: expect.any(String), voiceId: FEMALE_VOICE.id, userId: user.id });
    expect(body.text.length).toBeGreaterThan(0);
    expect(media.play).toHaveBeenCalledTimes(1);
    await screen.findByRole('button', { name: 'Preview Sally' });
    expect(playingAudio()).toBeNull();
  });

  it('reads the same sample for every voice', async () => {
    const { server } = await openVoiceSettings();

    fireEvent.click(screen.getByRole('button', { name: 'Preview Sally' }));
    await screen.findByRole('button', { name: 'Stop Sally' });
    fireEvent.click(screen.getByRole('button', { name: 'Preview Alan' }));
    await screen.findByRole('button', { name: 'Stop Alan' });

    const bodies = (await Promise.all(requestsTo(server, 'POST /api/text-to-speech').map((request) => request.json()))) as { text: string; voiceId: string }[];
    expect(bodies.map((body) => body.voiceId)).toEqual([FEMALE_VOICE.id, MALE_VOICE.id]);
    expect(bodies[0]!.text).toBe(bodies[1]!.text);
    // One playback at a time: Sally's preview stopped when Alan's started.
    expect(screen.getByRole('button', { name: 'Preview Sally' })).toBeTruthy();
  });

  it.each([
    ['the speech request fails', (server: ReturnType<typeof fakeApi>) => server.on('POST /api/text-to-speech', () => json({ error: 'Failed to generate speech' }, { status: 502 }))],
    ['the audio file is not reachable', (server: ReturnType<typeof fakeApi>) => server.on(`HEAD ${AUDIO_PATH}`, () => new Response(null, { status: 404 }))],
    ['the browser refuses to play', () => media.refusePlay()],
  ])('says the sample failed when %s', async (_case, breakIt) => {
    const { server } = await openVoiceSettings();
    breakIt(server);

    fireEvent.click(screen.getByRole('button', { name: 'Preview Carol' }));

    await waitFor(() => expect(toast()).toBe('Playback ErrorFailed to play voice sample. Please try again.'));
    expect(screen.getByRole('button', { name: 'Preview Carol' })).toBeTruthy();
  });

  it('says the sample failed when the audio element reports an error', async () => {
    await openVoiceSettings();
    fireEvent.click(screen.getByRole('button', { name: 'Preview Carol' }));
    await screen.findByRole('button', { name: 'Stop Carol' });

    act(() => {
      playingAudio()?.dispatchEvent(new Event('error'));
    });

    await waitFor(() => expect(toast()).toBe('Playback ErrorFailed to play voice sample. Please try again.'));
    expect(screen.getByRole('button', { name: 'Preview Carol' })).toBeTruthy();
  });
});
