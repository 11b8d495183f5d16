import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { anAppUser, answerSync, requestsTo } from '../../../testing/accounts';
import { notifications } from '../../../testing/antd';
import { fakeApi, json } from '../../../testing/fake-api';
import { FakeAuthClient } from '../../../testing/fake-auth-client';
import { aJoke } from '../../../testing/fixtures';
import { playingAudio, stubMediaPlayback } from '../../../testing/media';
import { renderInLayout } from '../../../testing/render-app';
import { answerVoices, AUDIO_PATH, FEMALE_VOICE, MALE_VOICE } from '../../../testing/voices';
import { JokeCard } from './JokeCard';

const media = stubMediaPlayback();
const JOKE = aJoke({ content: 'My therapist says I have a preoccupation with vengeance. We will see about that.' });

beforeEach(() => localStorage.clear());

/** A signed-in user (Pro unless told otherwise) looking at a joke card. */
async function cardFor({ pro = true, preference = null as string | null } = {}) {
  const auth = new FakeAuthClient();
  const user = auth.signedInAs('ana@example.com');
  const server = answerVoices(
    answerSync(fakeApi(), () => anAppUser(user, { has_active_subscription: pro })),
    { preference },
  );
  const view = renderInLayout(<JokeCard joke={JOKE} isLoading={false} />, { auth });
  await screen.findByRole('button', { name: pro ? 'Listen' : 'Listen PRO' });
  await waitFor(() => expect(requestsTo(server, 'POST /api/sync-user')).toHaveLength(1));
  return { server, user, view };
}

const listen = () => fireEvent.click(screen.getByRole('button', { name: 'Listen' }));
const toast = () => notifications().textContent;
const speechBodies = (server: ReturnType<typeof fakeApi>) =>
  Promise.all(requestsTo(server, 'POST /api/text-to-speech').map((request) => request.json()));

describe('the joke card reads the joke aloud', () => {
  it('in the saved voice: loading while speech is requested, Stop while it plays, Listen again when it ends', async () => {
    const { server, user } = await cardFor({ preference: FEMALE_VOICE.id });
    let answer: (response: Response) => void = () => undefined;
    server.on('POST /api/text-to-speech', () => new Promise<Response>((resolve) => (answer = resolve)));

    listen();

    await waitFor(() => expect(screen.getByRole('button', { name: 'Listen' }).getAttribute('aria-busy')).toBe('true'));
    expect(playingAudio()).toBeNull();
    answer(json({ audioUrl: AUDIO_PATH }));

    await screen.findByRole('button', { name: 'Stop' });
    expect(await speechBodies(server)).toEqual([{ text: JOKE.content, voiceId: FEMALE_VOICE.id, userId: user.id }]);
    expect(requestsTo(server, `HEAD ${AUDIO_PATH}`)).toHaveLength(1);
    expect(playingAudio()?.src).toBe(`http://localhost${AUDIO_PATH}`);
    expect(media.play).toHaveBeenCalledTimes(1);

    act(() => {
      playingAudio()?.dispatchEvent(new Event('ended'));
    });

    await screen.findByRole('button', { name: 'Listen' });
    expect(playingAudio()).toBeNull();
  });

  it('stops when Stop is pressed', async () => {
    await cardFor({ preference: MALE_VOICE.id });
    listen();
    fireEvent.click(await screen.findByRole('button', { name: 'Stop' }));

    await screen.findByRole('button', { name: 'Listen' });
    expect(media.pause).toHaveBeenCalled();
    expect(playingAudio()).toBeNull();
  });

  it('uses the voice kept in this browser when the server has none', async () => {
    localStorage.setItem('selectedVoiceId', MALE_VOICE.id);
    const { server, user } = await cardFor({ preference: null });

    listen();

    await screen.findByRole('button', { name: 'Stop' });
    expect(await speechBodies(server)).toEqual([{ text: JOKE.content, voiceId: MALE_VOICE.id, userId: user.id }]);
  });

  it('prefers the saved voice to the one kept in this browser', async () => {
    localStorage.setItem('selectedVoiceId', MALE_VOICE.id);
    const { server } = await cardFor({ preference: FEMALE_VOICE.id });

    listen();

    await screen.findByRole('button', { name: 'Stop' });
    expect((await speechBodies(server)).map((body) => (body as { voiceId: string }).voiceId)).toEqual([FEMALE_VOICE.id]);
  });

  it('plays an absolute audio URL as given', async () => {
    const { server } = await cardFor({ preference: MALE_VOICE.id });
    server
      .on('POST /api/text-to-speech', () => json({ audioUrl: 'https://cdn.example.com/speech/1.mp3' }))
      .on('HEAD /speech/1.mp3', () => new Response(null, { status: 200 }));

    listen();

    await screen.findByRole('button', { name: 'Stop' });
    expect(playingAudio()?.src).toBe('https://cdn.example.com/speech/1.mp3');
  });

  it('asks for a voice when neither the server nor this browser has one', async () => {
    const { server } = await cardFor({ preference: null });

    listen();

    await waitFor(() => expect(toast()).toBe('No voice selectedPlease select a voice in the Voice Settings page first.'));
    expect(requestsTo(server, 'POST /api/text-to-speech')).toHaveLength(0);
  });

  it('shows a free user the PRO badge and the Premium Feature toast, and asks the server nothing', async () => {
    const { server } = await cardFor({ pro: false });

    fireEvent.click(screen.getByRole('button', { name: 'Listen PRO' }));

    expect(toast()).toBe('Premium FeatureVoice narration is available for premium subscribers only');
    expect(requestsTo(server, 'POST /api/text-to-speech')).toHaveLength(0);
    expect(requestsTo(server, 'GET /api/voice-preference')).toHaveLength(0);
  });

  it('plays one joke at a time: starting another card stops the first', async () => {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs('ana@example.com');
    answerVoices(answerSync(fakeApi(), () => anAppUser(user, { has_active_subscription: true })), { preference: MALE_VOICE.id });
    renderInLayout(
      <>
        <JokeCard joke={aJoke({ content: 'First joke.' })} isLoading={false} />
        <JokeCard joke={aJoke({ content: 'Second joke.' })} isLoading={false} />
      </>,
      { auth },
    );
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Listen' })).toHaveLength(2));

    fireEvent.click(screen.getAllByRole('button', { name: 'Listen' })[0]!);
    await screen.findByRole('button', { name: 'Stop' });
    const firstAudio = playingAudio();
    fireEvent.click(screen.getAllByRole('button', { name: 'Listen' })[0]!);

    await waitFor(() => expect(playingAudio()).not.toBe(firstAudio));
    expect(screen.getAllByRole('button', { name: /^(Listen|Stop)$/ }).map((button) => button.textContent)).toEqual(['Listen', 'Stop']);
    expect(firstAudio?.isConnected).toBe(false);
    expect(media.pause).toHaveBeenCalled();
  });
  it('never plays a joke whose speech answers after another one was started', async () => {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs('ana@example.com');
    let answerFirst: (response: Response) => void = () => undefined;
    const server = answerVoices(answerSync(fakeApi(), () => anAppUser(user, { has_active_subscription: true })), { preference: MALE_VOICE.id });
    server.on('POST /api/text-to-speech', async (request) => {
      const { text } = (await request.json()) as { text: string };
      if (text === 'Slow joke.') return new Promise<Response>((resolve) => (answerFirst = resolve));
      return json({ audioUrl: AUDIO_PATH });
    });
    const { store } = renderInLayout(
      <>
        <JokeCard joke={aJoke({ content: 'Slow joke.' })} isLoading={false} />
        <JokeCard joke={aJoke({ content: 'Quick joke.' })} isLoading={false} />
      </>,
      { auth },
    );
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Listen' })).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: 'Listen' })[0]!);
    await waitFor(() => expect(requestsTo(server, 'POST /api/text-to-speech')).toHaveLength(1));

    const [slowCard, quickCard] = screen.getAllByRole('region', { name: 'Your joke' });
    fireEvent.click(within(quickCard!).getByRole('button', { name: 'Listen' }));
    await within(quickCard!).findByRole('button', { name: 'Stop' });
    await within(slowCard!).findByRole('button', { name: 'Listen' });
    answerFirst(json({ audioUrl: '/api/audio/late.mp3' }));

    // Both speech calls have answered (each is dropped from the store once used)...
    const speechCalls = () => Object.values(store.getState().api.mutations).filter((call) => call?.endpointName === 'textToSpeech');
    await waitFor(() => expect(speechCalls()).toHaveLength(0));
    await act(async () => undefined);
    // ...and the late one was neither checked nor played.
    expect(requestsTo(server, 'HEAD /api/audio/late.mp3')).toHaveLength(0);
    expect(playingAudio()?.src).toBe(`http://localhost${AUDIO_PATH}`);
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('button', { name: /^(Listen|Stop)$/ }).map((button) => button.textContent)).toEqual(['Listen', 'Stop']);
  });

  it('stops reading when the card makes way for a new joke', async () => {
    const { view } = await cardFor({ preference: MALE_VOICE.id });
    listen();
    await screen.findByRole('button', { name: 'Stop' });

    view.unmount();

    expect(playingAudio()).toBeNull();
    expect(media.pause).toHaveBeenCalled();
  });
});

describe('the joke card says why it cannot play', () => {
  it.each([
    ["shows the server's error as a Voice Playback Error", 502, { error: 'Failed to generate speech', message: 'The speech engine did not answer' }, 'Failed to generate speech'],
    ["shows the server's message when it names no error", 400, { message: 'Keep the text under 1500 characters' }, 'Keep the text under 1500 characters'],
    ['falls back to the generic wording when the server says nothing', 500, '', 'Failed to generate or play speech. Please try again.'],
  ])('%s', async (_case, status, body, said) => {
    const { server } = await cardFor({ preference: MALE_VOICE.id });
    server.on('POST /api/text-to-speech', () => (typeof body === 'string' ? new Response(body, { status }) : json(body, { status })));

    listen();

    await waitFor(() => expect(toast()).toBe(`Voice Playback Error${said}`));
    expect(await screen.findByRole('button', { name: 'Listen' })).toBeTruthy();
    expect(playingAudio()).toBeNull();
  });

  it('says Slow down when the rate limits refuse the narration', async () => {
    const { server } = await cardFor({ preference: MALE_VOICE.id });
    server.on('POST /api/text-to-speech', () => json({ error: 'Too Many Requests' }, { status: 429, headers: { 'retry-after': '5' } }));

    listen();

    await waitFor(() => expect(toast()).toBe("Slow downYou're faster than our writers. Try again in 5 seconds."));
    expect(playingAudio()).toBeNull();
  });

  it('reports an audio file that is not reachable, without playing it', async () => {
    const { server } = await cardFor({ preference: MALE_VOICE.id });
    server.on(`HEAD ${AUDIO_PATH}`, () => new Response(null, { status: 404 }));

    listen();

    await waitFor(() => expect(toast()).toBe('Voice Playback ErrorAudio file not accessible: 404'));
    expect(media.play).not.toHaveBeenCalled();
    // The button goes back to Listen once the failed playback is over (a render after the toast's).
    expect(await screen.findByRole('button', { name: 'Listen' })).toBeTruthy();
  });

  it('falls back to the generic wording when the audio file cannot be reached at all', async () => {
    const { server } = await cardFor({ preference: MALE_VOICE.id });
    server.on(`HEAD ${AUDIO_PATH}`, () => Promise.reject(new TypeError('Failed to fetch')));

    listen();

    await waitFor(() => expect(toast()).toBe('Voice Playback ErrorFailed to generate or play speech. Please try again.'));
    expect(media.play).not.toHaveBeenCalled();
  });

  it('reports a browser that refuses to play', async () => {
    await cardFor({ preference: MALE_VOICE.id });
    media.refusePlay();

    listen();

    await waitFor(() => expect(toast()).toBe('Voice Playback ErrorAudio playback failed'));
    expect(await screen.findByRole('button', { name: 'Listen' })).toBeTruthy();
    expect(playingAudio()).toBeNull();
  });

  it('reports an audio element error as a Playback Error', async () => {
    await cardFor({ preference: MALE_VOICE.id });
    listen();
    await screen.findByRole('button', { name: 'Stop' });

    act(() => {
      playingAudio()?.dispatchEvent(new Event('error'));
    });

    await waitFor(() => expect(toast()).toBe('Playback ErrorThere was an error playing the audio. Try selecting a different voice.'));
    expect(await screen.findByRole('button', { name: 'Listen' })).toBeTruthy();
    expect(playingAudio()).toBeNull();
  });

  it('opens the subscription prompt when the server says narration needs Pro', async () => {
    const { server } = await cardFor({ preference: MALE_VOICE.id });
    server.on('POST /api/text-to-speech', () =>
      json({ error: 'Premium required', message: 'Voice narration is a Pro feature', requiresPremium: true }, { status: 403 }),
    );

    listen();

    expect(await screen.findByRole('dialog', { name: 'Upgrade to Pro' })).toBeTruthy();
    expect(toast()).toBe('Premium FeatureVoice narration is available for premium subscribers only');
  });
});
