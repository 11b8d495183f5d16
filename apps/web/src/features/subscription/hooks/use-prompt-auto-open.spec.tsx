import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { PROMPT_LAST_SHOWN_KEY } from '../../../shared/subscription-prompt/prompt-schedule';
import { closeSubscriptionPrompt, openSubscriptionPrompt } from '../../../shared/subscription-prompt/subscription-prompt.slice';
import { anAppUser, answerSync } from '../../../testing/accounts';
import { fakeApi, json } from '../../../testing/fake-api';
import { FakeAuthClient } from '../../../testing/fake-auth-client';
import { catalogue } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const MINUTE = 60_000;
const prompt = () => screen.queryByRole('dialog', { name: 'Upgrade to Pro' });
const api = () => fakeApi().on('GET /api/comedians', () => json(catalogue));

async function onHomeFor(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  jest.useFakeTimers({ advanceTimers: true });
  localStorage.clear();
});

afterEach(() => {
  jest.useRealTimers();
  localStorage.clear();
});

describe('the subscription prompt on the home page', () => {
  it('opens after 20 s for a visitor who is not subscribed, and remembers when', async () => {
    api();
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'AI Stand-Up Joke Generator' });

    await onHomeFor(19_000);
    expect(prompt()).toBeNull();

    await onHomeFor(1_000);
    expect(await screen.findByRole('dialog', { name: 'Upgrade to Pro' })).toBeTruthy();
    const shownAt = Number(localStorage.getItem(PROMPT_LAST_SHOWN_KEY));
    expect(Math.abs(Date.now() - shownAt)).toBeLessThan(1_000);
  });

  it('stays shut if it was shown less than an hour ago', async () => {
    localStorage.setItem(PROMPT_LAST_SHOWN_KEY, String(Date.now() - 59 * MINUTE));
    api();
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'AI Stand-Up Joke Generator' });

    await onHomeFor(25_000);

    expect(prompt()).toBeNull();
  });

  it('opens again once the hour has passed', async () => {
    localStorage.setItem(PROMPT_LAST_SHOWN_KEY, String(Date.now() - 61 * MINUTE));
    api();
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'AI Stand-Up Joke Generator' });

    await onHomeFor(20_000);

    expect(await screen.findByRole('dialog', { name: 'Upgrade to Pro' })).toBeTruthy();
  });

  it('counts a prompt opened any other way (a locked option, Subscribe) as shown', async () => {
    api();
    const { store } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'AI Stand-Up Joke Generator' });
    act(() => {
      store.dispatch(openSubscriptionPrompt());
    });
    await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    act(() => {
      store.dispatch(closeSubscriptionPrompt());
    });

    await onHomeFor(20_000);

    expect(store.getState().subscriptionPrompt.open).toBe(false);
  });

  it('never opens for a subscriber', async () => {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs('ana@example.com');
    answerSync(api(), () => anAppUser(user, { has_active_subscription: true }));
    renderApp('/', { auth });
    await screen.findByLabelText('Subscription: Active');

    await onHomeFor(25_000);

    expect(prompt()).toBeNull();
    expect(localStorage.getItem(PROMPT_LAST_SHOWN_KEY)).toBeNull();
  });

  it('waits for a slow sync before deciding, so a subscriber is never pitched', async () => {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs('ana@example.com');
    let answer: (response: Response) => void = () => undefined;
    api().on('POST /api/sync-user', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/', { auth });
    await screen.findByRole('heading', { level: 1, name: 'AI Stand-Up Joke Generator' });

    await onHomeFor(25_000);
    expect(prompt()).toBeNull();
    await act(async () => answer(json(anAppUser(user, { has_active_subscription: true }))));
    await screen.findByLabelText('Subscription: Active');
    await onHomeFor(1_000);

    expect(prompt()).toBeNull();
  });

  it('does not open on other pages', async () => {
    api();
    renderApp('/legal/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Use' });

    await onHomeFor(25_000);

    expect(prompt()).toBeNull();
  });
});
