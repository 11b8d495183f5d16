import { describe, expect, it } from '@jest/globals';
import type { User } from '@supabase/supabase-js';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { anAppUser, answerSync, requestsTo } from '../../../testing/accounts';
import { notifications, pressOption } from '../../../testing/antd';
import { fakeApi, json } from '../../../testing/fake-api';
import { FakeAuthClient } from '../../../testing/fake-auth-client';
import { aJoke, catalogue, FREE_COMEDIAN } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const joke = aJoke({ id: 'reported-joke', content: 'Report me.', comedian_style: FREE_COMEDIAN, topic: 'cats' });
const REPORT = 'POST /api/jokes/reported-joke/report';
const RETRACT = 'POST /api/jokes/reported-joke/report/retract';

async function showJoke(signedIn?: { auth: FakeAuthClient; user: User }) {
  const server = fakeApi()
    .on('GET /api/comedians', () => json(catalogue))
    .on('POST /api/generate', () => json(joke))
    .on(REPORT, () => json({ id: joke.id, position: '900.1' }));
  if (signedIn) answerSync(server, () => anAppUser(signedIn.user));
  renderApp('/', signedIn ? { auth: signedIn.auth } : {});
  await pressOption('Comedian style', FREE_COMEDIAN);
  fireEvent.click(screen.getByRole('button', { name: 'Generate Joke' }));
  await screen.findByText('Report me.');
  // Loaded lazily: until then a disabled placeholder stands in.
  const button = await waitFor(() => {
    const found = screen.getByRole('button', { name: 'Report' });
    expect(found.hasAttribute('disabled')).toBe(false);
    return found;
  });
  return { server, button };
}

function signedIn() {
  const auth = new FakeAuthClient();
  return { auth, user: auth.signedInAs('ana@example.com') };
}

describe('report dialog', () => {
  it('sends the chosen reason and the details with the user’s id, thanks them and closes', async () => {
    const who = signedIn();
    const { server, button } = await showJoke(who);

    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Report this joke' });
    fireEvent.click(within(dialog).getByLabelText('Copies someone else’s work'));
    fireEvent.change(within(dialog).getByLabelText('Anything our team should know? (optional)'), { target: { value: '  From my own set.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(requestsTo(server, REPORT)).toHaveLength(1));
    expect(await requestsTo(server, REPORT)[0]!.json()).toEqual({ reason: 'copyright', user_id: who.user.id, details: 'From my own set.' });
    await waitFor(() => expect(notifications().textContent).toContain('Thanks for letting us know'));
    expect(notifications().textContent).toContain('Our team will review this joke.');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report this joke' })).toBeNull());
  });

  it('asks for a reason before sending anything', async () => {
    const { server, button } = await showJoke(signedIn());

    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Report this joke' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByText('Please choose a reason')).toBeTruthy();
    expect(requestsTo(server, REPORT)).toHaveLength(0);
  });

  it('keeps the dialog open and says so when the report is refused', async () => {
    const { server, button } = await showJoke(signedIn());
    server.on(REPORT, () => json({ error: 'joke_not_found', message: 'Joke reported-joke was not found' }, { status: 404 }));

    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Report this joke' });
    fireEvent.click(within(dialog).getByLabelText('Offensive or hateful'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(notifications().textContent).toContain('Failed to send report'));
    expect(screen.getByRole('dialog', { name: 'Report this joke' })).toBeTruthy();
  });

  it('says Slow down with the wait when the rate limits refuse the report, and sends it only once', async () => {
    const { server, button } = await showJoke(signedIn());
    server.on(REPORT, () => json({ error: 'Too Many Requests', message: 'Try again in 42 seconds.' }, { status: 429, headers: { 'retry-after': '42' } }));

    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Report this joke' });
    fireEvent.click(within(dialog).getByLabelText('Offensive or hateful'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(notifications().textContent).toContain("You're faster than our writers. Try again in 42 seconds."));
    expect(notifications().textContent).toContain('Slow down');
    expect(requestsTo(server, REPORT)).toHaveLength(1);
  });

  it('takes the report back with Undo on the thanks, in the user’s name, and says so', async () => {
    const who = signedIn();
    const { server, button } = await showJoke(who);
    server.on(RETRACT, () => json({ id: joke.id, position: '900.2' }));

    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Report this joke' });
    fireEvent.click(within(dialog).getByLabelText('Offensive or hateful'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(notifications().textContent).toContain('Thanks for letting us know'));
    expect(requestsTo(server, RETRACT)).toHaveLength(0);

    fireEvent.click(within(notifications()).getByRole('button', { name: 'Undo' }));

    await waitFor(() => expect(notifications().textContent).toContain('Report withdrawn'));
    expect(requestsTo(server, RETRACT)).toHaveLength(1);
    expect(await requestsTo(server, RETRACT)[0]!.json()).toEqual({ user_id: who.user.id });
  });

  it('says so when the report cannot be taken back', async () => {
    const { server, button } = await showJoke(signedIn());
    server.on(RETRACT, () => json({ error: 'joke_not_found', message: 'Joke reported-joke was not found' }, { status: 404 }));

    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Report this joke' });
    fireEvent.click(within(dialog).getByLabelText('Offensive or hateful'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(notifications().textContent).toContain('Thanks for letting us know'));
    fireEvent.click(within(notifications()).getByRole('button', { name: 'Undo' }));

    await waitFor(() => expect(notifications().textContent).toContain('Failed to withdraw report'));
    expect(notifications().textContent).toContain('Joke reported-joke was not found');
  });

  it('offers the login to a logged-out visitor instead of the dialog', async () => {
    const { server, button } = await showJoke();

    fireEvent.click(button);

    await waitFor(() => expect(notifications().textContent).toContain('Please login to report jokes'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsTo(server, REPORT)).toHaveLength(0);
  });
});
