import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { anAppUser, answerSync } from '../../testing/accounts';
import { pressOption, notifications } from '../../testing/antd';
import { fakeApi, json } from '../../testing/fake-api';
import { FakeAuthClient } from '../../testing/fake-auth-client';
import { aJoke, catalogue, FREE_COMEDIAN, OTHER_FREE_COMEDIAN, PREMIUM_COMEDIAN } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

const api = () => fakeApi().on('GET /api/comedians', () => json(catalogue));

async function renderHome() {
  const view = renderApp('/');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Make Me Laugh' }).hasAttribute('disabled')).toBe(false));
  return view;
}

const generateButton = () => screen.getByRole('button', { name: 'Generate Joke' });
/** The style the comedian selector shows (its chosen entry, not the list). */
const shownComedian = () =>
  screen.getByRole('combobox', { name: 'Comedian style' }).closest('.ant-select')?.querySelector('[title]')?.getAttribute('title');
const topicField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Topic' });
const generateBodies = (requests: Request[]) =>
  Promise.all(requests.filter((r) => r.url.endsWith('/api/generate')).map((r) => r.json() as Promise<Record<string, unknown>>));

describe('home page generator', () => {
  it('shows the title, the tagline and the empty joke card', async () => {
    api();
    await renderHome();

    expect(screen.getByRole('heading', { level: 1, name: 'AI Stand-Up Joke Generator' })).toBeTruthy();
    expect(screen.getByText('Generate a joke to get started!')).toBeTruthy();
  });

  it('generates a joke in the chosen style and shows its style and topic line', async () => {
    const server = api().on('POST /api/generate', () => json(aJoke({ content: 'A joke about cats.', topic: 'cats' })));
    await renderHome();

    await pressOption('Comedian style', FREE_COMEDIAN);
    fireEvent.change(topicField(), { target: { value: '  cats ' } });
    fireEvent.click(generateButton());

    expect(await screen.findByText('A joke about cats.')).toBeTruthy();
    expect(screen.getByText(`Style: ${FREE_COMEDIAN} • Topic: cats`)).toBeTruthy();
    expect(await generateBodies(server.requests)).toEqual([{ comedian_style: FREE_COMEDIAN, length: 'short', topic: 'cats' }]);
  });

  it('generates on a first visit without any choice: the first free comedian, short, no topic', async () => {
    const server = api().on('POST /api/generate', () => json(aJoke({ content: 'A first-visit joke.' })));
    await renderHome();

    expect(shownComedian()).toBe(FREE_COMEDIAN);
    fireEvent.click(generateButton());

    expect(await screen.findByText('A first-visit joke.')).toBeTruthy();
    expect(screen.queryByText('Please choose a comedian style')).toBeNull();
    expect(await generateBodies(server.requests)).toEqual([{ comedian_style: FREE_COMEDIAN, length: 'short', topic: '' }]);
  });

  it('never starts a free user on a premium comedian, even when the catalogue lists one first', async () => {
    const premiumFirst = { ...catalogue, comedians: [...catalogue.comedians].reverse() };
    const server = fakeApi()
      .on('GET /api/comedians', () => json(premiumFirst))
      .on('POST /api/generate', () => json(aJoke({ comedian_style: OTHER_FREE_COMEDIAN })));
    await renderHome();

    expect(shownComedian()).toBe(OTHER_FREE_COMEDIAN);
    fireEvent.click(generateButton());

    await screen.findByText(`Style: ${OTHER_FREE_COMEDIAN} • Topic: networking`);
    expect(await generateBodies(server.requests)).toEqual([{ comedian_style: OTHER_FREE_COMEDIAN, length: 'short', topic: '' }]);
  });

  it('keeps a comedian the visitor chose', async () => {
    api();
    await renderHome();

    await pressOption('Comedian style', OTHER_FREE_COMEDIAN);

    expect(shownComedian()).toBe(OTHER_FREE_COMEDIAN);
  });

  it('holds Generate Joke until the comedian list is in, then starts on its first free comedian', async () => {
    let answer: (response: Response) => void = () => undefined;
    fakeApi().on('GET /api/comedians', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/');

    await waitFor(() => expect(generateButton().hasAttribute('disabled')).toBe(true));
    answer(json(catalogue));

    await waitFor(() => expect(generateButton().hasAttribute('disabled')).toBe(false));
    expect(shownComedian()).toBe(FREE_COMEDIAN);
  });

  it('asks for a comedian style when the comedian list could not be loaded', async () => {
    const server = fakeApi().on('GET /api/comedians', () => json({ error: 'down' }, { status: 503 }));
    renderApp('/');
    await screen.findByText('The comedian list could not be loaded. Please reload the page.');

    fireEvent.click(generateButton());

    expect(await screen.findByText('Please choose a comedian style')).toBeTruthy();
    expect(await generateBodies(server.requests)).toEqual([]);
  });

  it('shows the comedian Make Me Laugh picked in the selector', async () => {
    api()
      .on('POST /api/generate', () => json(aJoke({ content: 'A premium taste.', comedian_style: PREMIUM_COMEDIAN, topic: 'trains' })));
    await renderHome();

    fireEvent.click(screen.getByRole('button', { name: 'Make Me Laugh' }));

    await screen.findByText(`Style: ${PREMIUM_COMEDIAN} • Topic: trains`);
    await waitFor(() => expect(shownComedian()).toBe(PREMIUM_COMEDIAN));
  });

  it('fills the topic from the response after Make Me Laugh', async () => {
    const server = api().on('POST /api/generate', () => json(aJoke({ topic: 'airport security' })));
    await renderHome();

    fireEvent.click(screen.getByRole('button', { name: 'Make Me Laugh' }));

    await waitFor(() => expect(topicField().value).toBe('airport security'));
    expect(await generateBodies(server.requests)).toEqual([
      { comedian_style: FREE_COMEDIAN, length: 'short', topic: '', ai_suggest_topic: true, bypass_premium_check: true },
    ]);
  });
});

describe('premium gating', () => {
  it('opens the subscription prompt when a locked premium comedian is pressed', async () => {
    api();
    await renderHome();

    await pressOption('Comedian style', PREMIUM_COMEDIAN);

    expect(await screen.findByRole('dialog', { name: 'Upgrade to Pro' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Comedian style' }).closest('.ant-select')?.textContent).not.toContain(
      PREMIUM_COMEDIAN,
    );
  });

  it('opens the subscription prompt when a locked length is pressed', async () => {
    api();
    await renderHome();

    await pressOption('Joke length', 'Long (8-10 sentences)');

    expect(await screen.findByRole('dialog', { name: 'Upgrade to Pro' })).toBeTruthy();
  });

  it('shows Premium Feature toast and opens the prompt on 403 requiresPremium', async () => {
    api().on('POST /api/generate', () =>
      json({ error: 'Premium required', message: 'Subscribe to use this comedian', requiresPremium: true }, { status: 403 }),
    );
    await renderHome();

    await pressOption('Comedian style', FREE_COMEDIAN);
    fireEvent.click(generateButton());

    expect(await screen.findByRole('dialog', { name: 'Upgrade to Pro' })).toBeTruthy();
    expect(notifications().textContent).toBe('Premium FeatureUpgrade to access premium comedians and joke lengths');
  });

  it('shows the server message on any other 403', async () => {
    api().on('POST /api/generate', () => json({ error: 'Forbidden', message: 'Not for you' }, { status: 403 }));
    await renderHome();

    await pressOption('Comedian style', FREE_COMEDIAN);
    fireEvent.click(generateButton());

    await waitFor(() => expect(notifications().textContent).toBe('Access DeniedNot for you'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows Slow down with the seconds of Retry-After on a 429', async () => {
    api().on('POST /api/generate', () =>
      json({ error: 'Too Many Requests', message: "You're faster than our writers. Try again in 12 seconds." }, { status: 429, headers: { 'retry-after': '12' } }),
    );
    await renderHome();

    await pressOption('Comedian style', FREE_COMEDIAN);
    fireEvent.click(generateButton());

    await waitFor(() => expect(notifications().textContent).toBe("Slow downYou're faster than our writers. Try again in 12 seconds."));
  });

  it('shows Error / Failed to generate joke when generation fails', async () => {
    api().on('POST /api/generate', () => json({ error: 'Failed to generate joke' }, { status: 502 }));
    await renderHome();

    await pressOption('Comedian style', FREE_COMEDIAN);
    fireEvent.click(generateButton());

    await waitFor(() => expect(notifications().textContent).toBe('ErrorFailed to generate joke'));
    expect(screen.getByText('Generate a joke to get started!')).toBeTruthy();
  });

  it("shows a refused topic as a toast in the server's words and keeps the topic as typed", async () => {
    const refusal = { error: "Let's keep it funny", message: 'That topic is off-limits. Try another one.', category: 'hate' };
    const server = api().on('POST /api/generate', () => json(refusal, { status: 422 }));
    await renderHome();

    await pressOption('Comedian style', FREE_COMEDIAN);
    fireEvent.change(topicField(), { target: { value: 'a topic the moderator refuses' } });
    fireEvent.click(generateButton());

    await waitFor(() => expect(notifications().textContent).toBe(`${refusal.error}${refusal.message}`));
    expect(topicField().value).toBe('a topic the moderator refuses');
    expect(screen.getByText('Generate a joke to get started!')).toBeTruthy();
    expect(await generateBodies(server.requests)).toHaveLength(1);
  });

  it('says the writers are busy and when to come back, without sending the press again', async () => {
    const busy = { error: 'Our writers are busy', message: 'Too many people are laughing right now. Try again in 37 minutes.' };
    const server = api().on('POST /api/generate', () => json(busy, { status: 503, headers: { 'retry-after': '2220' } }));
    await renderHome();

    await pressOption('Comedian style', FREE_COMEDIAN);
    fireEvent.click(generateButton());

    await waitFor(() => expect(notifications().textContent).toBe(`${busy.error}${busy.message}`));
    expect(await generateBodies(server.requests)).toHaveLength(1);
  });
});

describe('joke card', () => {
  async function withJoke() {
    api().on('POST /api/generate', () => json(aJoke({ content: 'Shown joke.' })));
    await renderHome();
    await pressOption('Comedian style', FREE_COMEDIAN);
    fireEvent.click(generateButton());
    await screen.findByText('Shown joke.');
  }

  it('asks a logged-out user to log in when a star is pressed', async () => {
    await withJoke();
    expect(screen.getByText('Login to rate jokes')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));

    // Nothing chosen: the login comes first.
    expect(screen.queryAllByRole('radio', { checked: true })).toEqual([]);
    const toast = within(notifications());
    expect(toast.getByText('Login required')).toBeTruthy();
    expect(toast.getByText('Please login to rate jokes')).toBeTruthy();
    expect(toast.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
  });

  it('offers voice narration with a PRO badge and explains it is a premium feature', async () => {
    await withJoke();

    fireEvent.click(screen.getByRole('button', { name: 'Listen PRO' }));

    expect(notifications().textContent).toBe('Premium FeatureVoice narration is available for premium subscribers only');
  });
});

describe('home page, logged in', () => {
  async function renderLoggedIn() {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs('ana@example.com');
    const server = answerSync(api(), () => anAppUser(user)).on('POST /api/generate', () =>
      json(aJoke({ content: 'Logged-in joke.', user_id: user.id })),
    );
    renderApp('/', { auth });
    await screen.findByLabelText('Subscription: Inactive');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make Me Laugh' }).hasAttribute('disabled')).toBe(false));
    return { server, user };
  }

  it("shows the subscription badge and generates with the user's id and token", async () => {
    const { server, user } = await renderLoggedIn();

    await pressOption('Comedian style', FREE_COMEDIAN);
    fireEvent.click(generateButton());
    await screen.findByText('Logged-in joke.');

    expect(await generateBodies(server.requests)).toEqual([{ comedian_style: FREE_COMEDIAN, length: 'short', topic: '', user_id: user.id }]);
    const generate = server.requests.find((request) => request.url.endsWith('/api/generate'));
    expect(generate?.headers.get('authorization')).toBe(`Bearer access-${user.id}`);
  });

  it('lets the user rate the joke', async () => {
    await renderLoggedIn();
    await pressOption('Comedian style', FREE_COMEDIAN);
    fireEvent.click(generateButton());
    await screen.findByText('Logged-in joke.');

    expect(screen.queryByText('Login to rate jokes')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));

    expect(screen.getByRole('radio', { name: '4 stars' }).getAttribute('aria-checked')).toBe('true');
    expect(within(notifications()).queryByText('Login required')).toBeNull();
  });
});

describe('home page, Pro', () => {
  it('unlocks every comedian and length, and generates with them', async () => {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs('pro@example.com');
    const server = answerSync(api(), () => anAppUser(user, { has_active_subscription: true })).on('POST /api/generate', () =>
      json(aJoke({ content: 'A long premium joke.', comedian_style: PREMIUM_COMEDIAN, length: 'long' })),
    );
    renderApp('/', { auth });
    await screen.findByLabelText('Subscription: Active');

    await pressOption('Comedian style', PREMIUM_COMEDIAN);
    await pressOption('Joke length', 'Long (8-10 sentences)');
    expect(document.querySelector('.gated-option__lock')).toBeNull();
    fireEvent.click(generateButton());

    await screen.findByText('A long premium joke.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await generateBodies(server.requests)).toEqual([{ comedian_style: PREMIUM_COMEDIAN, length: 'long', topic: '', user_id: user.id }]);
  });

  it('rebuilds the locked options when the subscription starts', async () => {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs('soon-pro@example.com');
    let pro = false;
    answerSync(api(), () => anAppUser(user, { has_active_subscription: pro }));
    renderApp('/', { auth });
    await screen.findByLabelText('Subscription: Inactive');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Comedian style' }));
    await waitFor(() => expect(document.querySelectorAll('.gated-option__lock').length).toBeGreaterThan(0));

    pro = true;
    auth.emit('TOKEN_REFRESHED');

    await screen.findByLabelText('Subscription: Active');
    await waitFor(() => expect(document.querySelectorAll('.gated-option__lock')).toHaveLength(0));
  });
});

