import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, json } from '../../../testing/fake-api';
import { aJoke, catalogue, FREE_COMEDIAN } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

/** The card's polite status: what a screen reader says when the joke changes. */
const announcement = () => screen.getAllByRole('status').find((status) => status.closest('.joke-card'));

describe('joke card for screen readers', () => {
  it('announces that a joke is being written, then the new joke with its style, apart from the buttons', async () => {
    let answer: (response: Response) => void = () => undefined;
    fakeApi()
      .on('GET /api/comedians', () => json(catalogue))
      .on('POST /api/generate', () => new Promise((resolve) => (answer = resolve)));
    renderApp('/');
    const generate = screen.getByRole('button', { name: 'Generate Joke' });
    await waitFor(() => expect(generate.hasAttribute('disabled')).toBe(false));
    expect(announcement()?.textContent).toBe('');

    fireEvent.click(generate);
    await waitFor(() => expect(announcement()?.textContent).toBe('Writing your joke…'));
    answer(json(aJoke({ content: 'My cat filed a complaint.', comedian_style: FREE_COMEDIAN })));

    await waitFor(() => expect(announcement()?.textContent).toBe(`New joke in the style of ${FREE_COMEDIAN}: My cat filed a complaint.`));
    const status = announcement()!;
    expect(within(status).queryAllByRole('button')).toEqual([]);
    expect(within(status).queryAllByRole('radio')).toEqual([]);
    // The card itself is no live region: its stars and buttons would be read out with every joke.
    expect(screen.getByRole('region', { name: 'Your joke' }).getAttribute('aria-live')).toBeNull();
  });
});
