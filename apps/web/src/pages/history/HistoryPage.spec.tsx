import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { JokeHistory } from '../../features/jokes/components/JokeHistory';
import { anAppUser, answerSync, requestsTo } from '../../testing/accounts';
import { notifications, pressOption } from '../../testing/antd';
import { fakeApi, json } from '../../testing/fake-api';
import { FakeAuthClient } from '../../testing/fake-auth-client';
import { aJoke, catalogue, FREE_COMEDIAN } from '../../testing/fixtures';
import { renderApp, renderInLayout } from '../../testing/render-app';

const EMAIL = 'ana@example.com';

function signedIn({ subscribed = true } = {}) {
  const auth = new FakeAuthClient();
  const user = auth.signedInAs(EMAIL);
  const server = answerSync(
    fakeApi().on('GET /api/comedians', () => json(catalogue)),
    () => anAppUser(user, { has_active_subscription: subscribed }),
  );
  return { auth, user, server };
}

const listed = () =>
  within(screen.getByRole('list', { name: 'Your jokes, newest first' }))
    .getAllByRole('article')
    .map((article) => article.querySelector('blockquote')?.textContent);

describe('/history', () => {
  it("lists the user's jokes newest first, whatever order they come in", async () => {
    const { auth, user, server } = signedIn();
    server.on('GET /api/jokes/history', () =>
      json([
        aJoke({ content: 'Middle joke.', created_at: '2026-03-02T10:00:00.000Z', user_id: user.id }),
        aJoke({ content: 'Newest joke.', created_at: '2026-03-03T10:00:00.000Z', user_id: user.id }),
        aJoke({ content: 'Oldest joke.', created_at: '2026-03-01T10:00:00.000Z', user_id: user.id }),
      ]),
    );
    renderApp('/history', { auth });

    await screen.findByText('Newest joke.');
    expect(listed()).toEqual(['Newest joke.', 'Middle joke.', 'Oldest joke.']);
    const [request] = requestsTo(server, 'GET /api/jokes/history');
    expect(new URL(request!.url).searchParams.get('user_id')).toBe(user.id);
  });

  it("unpublishes a joke's public page in the owner's name, and says so", async () => {
    const { auth, user, server } = signedIn();
    server
      .on('GET /api/jokes/history', () => json([aJoke({ id: 'shared', content: 'Shared joke.', user_id: user.id })]))
      .on('POST /api/jokes/shared/unpublish', () => json({ id: 'shared', position: '900.1' }));
    renderApp('/history', { auth });
    const entry = (await screen.findByText('Shared joke.')).closest('article')!;

    fireEvent.click(within(entry).getByRole('button', { name: 'Unpublish: take down its public page' }));

    await waitFor(() => expect(notifications().textContent).toContain('Unpublished'));
    const [request] = requestsTo(server, 'POST /api/jokes/shared/unpublish');
    expect(await request!.json()).toEqual({ user_id: user.id });
  });

  it('deletes a joke after asking, takes it off the list at once, and reads the history again after that write', async () => {
    const { auth, user, server } = signedIn();
    let kept = [aJoke({ id: 'old', content: 'Old joke.', user_id: user.id }), aJoke({ id: 'kept', content: 'Kept joke.', user_id: user.id })];
    let answerRemoval: (response: Response) => void = () => undefined;
    server
      .on('GET /api/jokes/history', () => json(kept))
      .on('POST /api/jokes/old/remove-from-history', () => new Promise((resolve) => (answerRemoval = resolve)));
    renderApp('/history', { auth });
    const entry = (await screen.findByText('Old joke.')).closest('article')!;

    fireEvent.click(within(entry).getByRole('button', { name: 'Delete: remove from history and take down its public page' }));
    expect(requestsTo(server, 'POST /api/jokes/old/remove-from-history')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(listed()).toEqual(['Kept joke.']));
    kept = kept.filter((joke) => joke.id !== 'old');
    answerRemoval(json({ id: 'old', position: '900.9' }));
    await waitFor(() => expect(notifications().textContent).toContain('Deleted'));
    expect(await requestsTo(server, 'POST /api/jokes/old/remove-from-history')[0]!.json()).toEqual({ user_id: user.id });
    await waitFor(() => expect(requestsTo(server, 'GET /api/jokes/history')).toHaveLength(2));
    expect(requestsTo(server, 'GET /api/jokes/history')[1]?.headers.get('x-consistent-position')).toBe('900.9');
  });

  it('sends nothing when the owner keeps the joke, and puts it back when the server refuses the delete', async () => {
    const { auth, user, server } = signedIn();
    server
      .on('GET /api/jokes/history', () => json([aJoke({ id: 'old', content: 'Old joke.', user_id: user.id })]))
      .on('POST /api/jokes/old/remove-from-history', () => json({ error: 'joke_not_found', message: 'Joke old was not found' }, { status: 404 }));
    renderApp('/history', { auth });
    const entry = (await screen.findByText('Old joke.')).closest('article')!;
    const deleteButton = within(entry).getByRole('button', { name: 'Delete: remove from history and take down its public page' });

    fireEvent.click(deleteButton);
    fireEvent.click(await screen.findByRole('button', { name: 'Keep it' }));
    expect(requestsTo(server, 'POST /api/jokes/old/remove-from-history')).toHaveLength(0);

    fireEvent.click(deleteButton);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notifications().textContent).toContain('Delete failed'));
    expect(notifications().textContent).toContain('Joke old was not found');
    expect(listed()).toEqual(['Old joke.']);
  });

  it('shows each joke with its style, topic and rating', async () => {
    const { auth, server } = signedIn();
    server.on('GET /api/jokes/history', () =>
      json([
        aJoke({ content: 'Rated joke.', comedian_style: 'Premium Pete', topic: 'gyms', length: 'long', rating: 4 }),
        aJoke({ content: 'Unrated joke.', rating: null }),
      ]),
    );
    renderApp('/history', { auth });

    const rated = (await screen.findByText('Rated joke.')).closest('article')!;
    expect(within(rated).getByText('Style: Premium Pete • Topic: gyms')).toBeTruthy();
    expect(within(rated).getByText('Rated 4 out of 5')).toBeTruthy();
    expect(within(rated).getByRole('radio', { name: '4 stars' }).getAttribute('aria-checked')).toBe('true');
    expect(within(rated).getByText('long')).toBeTruthy();
    expect(within(screen.getByText('Unrated joke.').closest('article')!).getByText('Not rated')).toBeTruthy();
  });

  it('changes a rating in the list at once, saves it, then reads the history again after that write', async () => {
    const { auth, user, server } = signedIn();
    let saved = 4;
    let answerRating: (response: Response) => void = () => undefined;
    server
      .on('GET /api/jokes/history', () => json([aJoke({ id: 'rated', content: 'Rated joke.', rating: saved, user_id: user.id })]))
      .on('POST /api/jokes/rated/rate', () => new Promise((resolve) => (answerRating = resolve)));
    renderApp('/history', { auth });
    const entry = (await screen.findByText('Rated joke.')).closest('article')!;
    await within(entry).findByText('Rated 4 out of 5');

    fireEvent.click(within(entry).getByRole('radio', { name: '2 stars' }));

    // Shown before the server answers, in the words and the stars.
    expect(await within(entry).findByText('Rated 2 out of 5')).toBeTruthy();
    expect(within(entry).getByRole('radio', { name: '2 stars' }).getAttribute('aria-checked')).toBe('true');
    saved = 2;
    answerRating(json({ id: 'rated', rating: 2, position: '900.7' }));
    await waitFor(() => expect(requestsTo(server, 'GET /api/jokes/history')).toHaveLength(2));
    expect(requestsTo(server, 'GET /api/jokes/history')[1]?.headers.get('x-consistent-position')).toBe('900.7');
    expect(await requestsTo(server, 'POST /api/jokes/rated/rate')[0]!.json()).toEqual({ rating: 2, user_id: user.id });
    expect(within(screen.getByText('Rated joke.').closest('article')!).getByText('Rated 2 out of 5')).toBeTruthy();
  });

  it('puts the saved rating back in the list when the server refuses the change', async () => {
    const { auth, user, server } = signedIn();
    server
      .on('GET /api/jokes/history', () => json([aJoke({ id: 'rated', content: 'Rated joke.', rating: 4, user_id: user.id })]))
      .on('POST /api/jokes/rated/rate', () => json({ error: 'Service Unavailable' }, { status: 500 }));
    renderApp('/history', { auth });
    const entry = (await screen.findByText('Rated joke.')).closest('article')!;

    fireEvent.click(within(entry).getByRole('radio', { name: '1 star' }));

    await screen.findByText('Failed to save rating');
    expect(within(entry).getByText('Rated 4 out of 5')).toBeTruthy();
    expect(within(entry).getByRole('radio', { name: '4 stars' }).getAttribute('aria-checked')).toBe('true');
    expect(requestsTo(server, 'GET /api/jokes/history')).toHaveLength(1);
  });

  it('says so when there are no jokes yet', async () => {
    const { auth, server } = signedIn();
    server.on('GET /api/jokes/history', () => json([]));
    renderApp('/history', { auth });

    expect(await screen.findByText('No jokes generated yet. Try creating some!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Generate a joke' }).getAttribute('href')).toBe('/');
  });

  it('includes a joke just generated: the read waits for that write', async () => {
    const { auth, server } = signedIn();
    server
      .on('POST /api/generate', () => json(aJoke({ content: 'Fresh joke.', position: '512.3' })))
      .on('GET /api/jokes/history', () => json([aJoke({ content: 'Fresh joke.' })]));
    renderApp('/', { auth });
    await screen.findByLabelText('Subscription: Active');
    await pressOption('Comedian style', FREE_COMEDIAN);
    fireEvent.click(screen.getByRole('button', { name: 'Generate Joke' }));
    await screen.findByText('Fresh joke.');

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'History' }));

    await screen.findByRole('list', { name: 'Your jokes, newest first' });
    const [request] = requestsTo(server, 'GET /api/jokes/history');
    expect(request?.headers.get('x-consistent-position')).toBe('512.3');
  });

  it('never asks for the history of a user without a subscription', async () => {
    const { auth, server } = signedIn({ subscribed: false });
    renderApp('/history', { auth });

    await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    expect(requestsTo(server, 'GET /api/jokes/history')).toHaveLength(0);
  });
});

describe('the history view on its own (its inline states)', () => {
  it('asks a logged-out visitor to log in', async () => {
    fakeApi().on('GET /api/comedians', () => json(catalogue));
    renderInLayout(<JokeHistory />);

    expect(await screen.findByRole('heading', { name: 'Log in to see your jokes' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
  });

  it("prices the upgrade at the history page's own $2/month (SPEC 9)", async () => {
    const { auth } = signedIn({ subscribed: false });
    renderInLayout(<JokeHistory />, { auth });

    await screen.findByRole('heading', { name: 'Joke history is a Pro feature' });
    expect(screen.getByText('Upgrade to Pro for just $2/month to keep every joke you generate.')).toBeTruthy();
  });

  it('offers a free user the upgrade, which opens the subscription prompt', async () => {
    const { auth, server } = signedIn({ subscribed: false });
    renderInLayout(<JokeHistory />, { auth });

    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));

    expect(await screen.findByRole('dialog', { name: 'Upgrade to Pro' })).toBeTruthy();
    await waitFor(() => expect(requestsTo(server, 'GET /api/jokes/history')).toHaveLength(0));
  });
});
