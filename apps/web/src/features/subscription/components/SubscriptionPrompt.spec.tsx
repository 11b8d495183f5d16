import { describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { openSubscriptionPrompt } from '../../../shared/subscription-prompt/subscription-prompt.slice';
import { catalogue } from '../../../testing/fixtures';
import { fakeApi, json } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

async function openPrompt() {
  fakeApi().on('GET /api/comedians', () => json(catalogue));
  const view = renderApp('/');
  act(() => {
    view.store.dispatch(openSubscriptionPrompt());
  });
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Upgrade to Pro' }) };
}

describe('subscription prompt', () => {
  it('lists what Pro unlocks, the prices and the trial', async () => {
    const { dialog } = await openPrompt();
    const text = dialog.textContent ?? '';

    for (const feature of ['Voice narration', 'Custom voice settings', 'All comedian styles', 'Joke history', 'Advanced options']) {
      expect(text).toContain(feature);
    }
    expect(text).toContain('$4.99/month');
    expect(text).toContain('$2.49/month billed yearly');
    expect(text).toContain('Save 50%');
    expect(text).toContain('3-day free trial, cancel anytime.');
  });

  it('goes to /subscribe and closes on Start Free Trial', async () => {
    const { dialog, router, store } = await openPrompt();

    fireEvent.click(within(dialog).getByRole('link', { name: 'Start Free Trial' }));

    expect(router.state.location.pathname).toBe('/subscribe');
    expect(store.getState().subscriptionPrompt.open).toBe(false);
    // Logged out, the plan page asks for a login first.
    expect(await screen.findByRole('heading', { name: 'Please Log In' })).toBeTruthy();
  });

  it('closes on Maybe later', async () => {
    const { dialog, store } = await openPrompt();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Maybe later' }));

    await waitFor(() => expect(store.getState().subscriptionPrompt.open).toBe(false));
  });
});
