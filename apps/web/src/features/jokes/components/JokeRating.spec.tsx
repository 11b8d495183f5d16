import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { recordedEvents } from '../../../shared/analytics/analytics';
import { anAppUser, answerSync, requestsTo } from '../../../testing/accounts';
import { notifications } from '../../../testing/antd';
import { fakeApi, json } from '../../../testing/fake-api';
import { FakeAuthClient } from '../../../testing/fake-auth-client';
import { aJoke, catalogue, FREE_COMEDIAN } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const JOKE_ID = 'joke-on-the-card';
const RATE = `POST /api/jokes/${JOKE_ID}/rate`;

/** A signed-in user with a joke on the card; the rate route is answered by `answer`. */
async function ratingOnTheCard(answer: (request: Request) => Response | Promise<Response>) {
  const auth = new FakeAuthClient();
  const user = auth.signedInAs('ana@example.com');
  const server = answerSync(fakeApi().on('GET /api/comedians', () => json(catalogue)), () => anAppUser(user))
    .on('POST /api/generate', () => json(aJoke({ id: JOKE_ID, content: 'Rate me.', topic: 'cats', user_id: user.id })))
    .on(RATE, answer);
  renderApp('/', { auth });
  await screen.findByLabelText('Subscription: Inactive');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Generate Joke' }).hasAttribute('disabled')).toBe(false));
  fireEvent.click(screen.getByRole('button', { name: 'Generate Joke' }));
  await screen.findByText('Rate me.');
  return { server, user };
}

const stars = () => within(screen.getByRole('radiogroup', { name: 'Rate this joke' }));
const star = (value: number) => stars().getByRole('radio', { name: `${value} star${value === 1 ? '' : 's'}` });
const pressed = () => stars().queryAllByRole('radio', { checked: true });

describe('rating the joke on the card', () => {
  it('shows the rating at once, saves it for the signed-in user, then says so', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { server, user } = await ratingOnTheCard(() => new Promise((resolve) => (answer = resolve)));

    fireEvent.click(star(4));

    // Before the server has answered.
    expect(star(4).getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(requestsTo(server, RATE)).toHaveLength(1));
    expect(await requestsTo(server, RATE)[0]!.json()).toEqual({ rating: 4, user_id: user.id });
    expect(within(notifications()).queryByText('Rating saved')).toBeNull();

    answer(json({ id: JOKE_ID, rating: 4, position: '700.1' }));

    await waitFor(() => expect(notifications().textContent).toBe('Rating savedThanks for your feedback!'));
    expect(pressed()).toEqual([star(4)]);
  });

  it('is a radio group named Rate this joke, one radio per star from 1 star to 5 stars, none chosen yet', async () => {
    await ratingOnTheCard(() => json({ id: JOKE_ID, rating: 1, position: '700.0' }));

    expect(stars().getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(pressed()).toEqual([]);
  });

  it('saves the chosen rating again when its star is pressed again', async () => {
    const { server } = await ratingOnTheCard(() => json({ id: JOKE_ID, rating: 3, position: '700.4' }));
    fireEvent.click(star(3));
    await waitFor(() => expect(requestsTo(server, RATE)).toHaveLength(1));

    fireEvent.click(star(3));

    await waitFor(() => expect(requestsTo(server, RATE)).toHaveLength(2));
    expect(pressed()).toEqual([star(3)]);
  });

  it('takes the rating back and says why when the server refuses it', async () => {
    await ratingOnTheCard(() => json({ error: 'Forbidden', message: 'You can only rate as yourself' }, { status: 403 }));

    fireEvent.click(star(5));

    await waitFor(() => expect(within(notifications()).getByText('Failed to save rating')).toBeTruthy());
    expect(within(notifications()).getByText('403: {"error":"Forbidden","message":"You can only rate as yourself"}')).toBeTruthy();
    expect(pressed()).toEqual([]);
  });

  it('puts back the rating it had before, not none, when a change is refused', async () => {
    let refuse = false;
    await ratingOnTheCard(() =>
      refuse ? json({ error: 'Not Found' }, { status: 404 }) : json({ id: JOKE_ID, rating: 3, position: '700.2' }),
    );
    fireEvent.click(star(3));
    await waitFor(() => expect(within(notifications()).getByText('Rating saved')).toBeTruthy());
    refuse = true;

    fireEvent.click(star(1));

    await waitFor(() => expect(within(notifications()).getByText('Failed to save rating')).toBeTruthy());
    expect(pressed()).toEqual([star(3)]);
  });

  it('records the rate_joke analytics event with the rating as its value, once saved', async () => {
    await ratingOnTheCard(() => json({ id: JOKE_ID, rating: 2, position: '700.3' }));

    fireEvent.click(star(2));

    await waitFor(() => expect(within(notifications()).getByText('Rating saved')).toBeTruthy());
    expect(recordedEvents().at(-1)).toEqual({ name: 'rate_joke', value: 2, comedian_style: FREE_COMEDIAN, length: 'short', topic: 'cats' });
  });
});

describe('rating with the keyboard', () => {
  const tabStops = () => stars().getAllByRole('radio').filter((radio) => radio.tabIndex === 0);

  it('is one Tab stop: the first star before any rating, then the chosen star', async () => {
    await ratingOnTheCard(() => json({ id: JOKE_ID, rating: 3, position: '700.5' }));
    expect(tabStops()).toEqual([star(1)]);

    fireEvent.click(star(3));

    await waitFor(() => expect(tabStops()).toEqual([star(3)]));
  });

  it('moves among the stars with the arrow keys, Home and End, wrapping round, without rating', async () => {
    const { server } = await ratingOnTheCard(() => json({ id: JOKE_ID, rating: 1, position: '700.6' }));
    star(1).focus();

    fireEvent.keyDown(star(1), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(star(2));
    fireEvent.keyDown(star(2), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(star(3));
    fireEvent.keyDown(star(3), { key: 'End' });
    expect(document.activeElement).toBe(star(5));
    fireEvent.keyDown(star(5), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(star(1));
    fireEvent.keyDown(star(1), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(star(5));
    fireEvent.keyDown(star(5), { key: 'Home' });
    expect(document.activeElement).toBe(star(1));

    expect(tabStops()).toEqual([star(1)]);
    expect(pressed()).toEqual([]);
    expect(requestsTo(server, RATE)).toHaveLength(0);
  });

  it('rates the star it has moved to when that star is pressed (Enter and Space press a button)', async () => {
    const { server } = await ratingOnTheCard(() => json({ id: JOKE_ID, rating: 4, position: '700.7' }));
    star(1).focus();
    fireEvent.keyDown(star(1), { key: 'End' });
    fireEvent.keyDown(star(5), { key: 'ArrowLeft' });

    fireEvent.click(document.activeElement!);

    expect(pressed()).toEqual([star(4)]);
    await waitFor(() => expect(requestsTo(server, RATE)).toHaveLength(1));
    expect(await requestsTo(server, RATE)[0]!.json()).toMatchObject({ rating: 4 });
  });

  it('says Slow down when the rate limits refuse the rating, and shows the previous rating again', async () => {
    const { server } = await ratingOnTheCard(() => json({ error: 'Too Many Requests' }, { status: 429, headers: { 'retry-after': '30' } }));

    fireEvent.click(star(2));

    await waitFor(() => expect(notifications().textContent).toBe("Slow downYou're faster than our writers. Try again in 30 seconds."));
    expect(pressed()).toEqual([]);
    expect(requestsTo(server, RATE)).toHaveLength(1);
  });
});
