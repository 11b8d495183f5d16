import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useToast, useToastList } from './toast.context';
import { TOAST_REMOVE_DELAY_MS, type ToastOptions } from './toast.reducer';
import { ToastProvider } from './ToastProvider';

let api: ReturnType<typeof useToast>;

function Probe() {
  api = useToast();
  return <output aria-label="toasts in list">{useToastList().length}</output>;
}

function renderToasts() {
  render(
    <MemoryRouter>
      <ToastProvider>
        <Probe />
      </ToastProvider>
    </MemoryRouter>,
  );
}

const show = (options: ToastOptions) => act(() => void api.toast(options));
const region = () => screen.getByRole('region', { name: 'Notifications (F8)' });
const visibleToasts = () => region().querySelectorAll('li');
const listLength = () => screen.getByLabelText('toasts in list').textContent;
const elapse = (ms: number) => act(() => jest.advanceTimersByTime(ms));
/** The live region screen readers hear toasts from, polite or assertive. */
const said = (politeness: 'polite' | 'assertive') => document.querySelector(`.toast-announcer [aria-live="${politeness}"]`)!;

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('toasts', () => {
  it('shows at most one toast at a time', () => {
    renderToasts();

    show({ title: 'First' });
    show({ title: 'Second', description: 'The newest wins' });

    expect(visibleToasts()).toHaveLength(1);
    expect(region().textContent).toContain('Second');
    expect(region().textContent).not.toContain('First');
  });

  it("waits to show a hint until the toast of the user's own action is gone, then gives it its full time", () => {
    renderToasts();
    show({ title: 'Rating saved' });
    elapse(3_000);
    show({ title: 'Not showing Pro yet?', hint: true, duration: 8_000 });

    expect(region().textContent).toContain('Rating saved');
    expect(region().textContent).not.toContain('Not showing Pro yet?');
    elapse(2_000);
    expect(region().textContent).toContain('Not showing Pro yet?');
    elapse(7_999);
    expect(visibleToasts()).toHaveLength(1);
    elapse(1);
    expect(visibleToasts()).toHaveLength(0);
  });

  it('dismisses a toast after 5000 ms by default', () => {
    renderToasts();
    show({ title: 'Short-lived' });

    elapse(4_999);
    expect(visibleToasts()).toHaveLength(1);
    elapse(1);
    expect(visibleToasts()).toHaveLength(0);
  });

  it('honours a duration of its own', () => {
    renderToasts();
    show({ title: 'Lingering', duration: 8_000 });

    elapse(5_000);
    expect(visibleToasts()).toHaveLength(1);
    elapse(3_000);
    expect(visibleToasts()).toHaveLength(0);
  });

  it('keeps a dismissed toast in the list until 1,000,000 ms later', () => {
    renderToasts();
    show({ title: 'Going' });
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));

    expect(visibleToasts()).toHaveLength(0);
    expect(listLength()).toBe('1');
    elapse(TOAST_REMOVE_DELAY_MS - 1);
    expect(listLength()).toBe('1');
    elapse(1);
    expect(listLength()).toBe('0');
  });

  it('dismisses a toast swiped right by at least 50 px', () => {
    renderToasts();
    show({ title: 'Swipe me' });
    const toast = visibleToasts()[0]!;

    fireEvent.pointerDown(toast, { clientX: 100, button: 0 });
    fireEvent.pointerMove(toast, { clientX: 150 });
    fireEvent.pointerUp(toast, { clientX: 150 });

    expect(visibleToasts()).toHaveLength(0);
  });

  it('keeps a toast swiped less than 50 px, or to the left', () => {
    renderToasts();
    show({ title: 'Stay' });
    const toast = visibleToasts()[0]!;

    fireEvent.pointerDown(toast, { clientX: 100, button: 0 });
    fireEvent.pointerUp(toast, { clientX: 149 });
    fireEvent.pointerDown(toast, { clientX: 100, button: 0 });
    fireEvent.pointerUp(toast, { clientX: 20 });

    expect(visibleToasts()).toHaveLength(1);
  });

  it('focuses the notification region on F8', () => {
    renderToasts();

    fireEvent.keyDown(document, { key: 'F8' });

    expect(document.activeElement).toBe(region());
  });

  it("has a toast's title and description said politely, without its buttons", () => {
    renderToasts();

    show({ title: 'Rating saved', description: 'Thanks for your feedback!', action: { label: 'Undo', onClick: () => undefined } });

    expect(said('polite').textContent).toBe('Rating saved. Thanks for your feedback!');
    expect(said('assertive').textContent).toBe('');
  });

  it('has an error toast said at once (assertive)', () => {
    renderToasts();

    show({ title: 'Failed to save rating', description: '500: down', variant: 'destructive' });

    expect(said('assertive').textContent).toBe('Failed to save rating. 500: down');
    expect(said('polite').textContent).toBe('');
  });

  it('says the same words again when a new toast brings them', () => {
    renderToasts();
    show({ title: 'Rating saved' });
    const first = said('polite').firstElementChild;

    show({ title: 'Rating saved' });

    // A new node in the live region is a new announcement; an unchanged one is not.
    expect(said('polite').textContent).toBe('Rating saved');
    expect(said('polite').firstElementChild).not.toBe(first);
  });

  it('says nothing more once the toast is dismissed', () => {
    renderToasts();
    show({ title: 'Saved', duration: 1000 });

    elapse(1000);

    expect(said('polite').textContent).toBe('');
  });

  it('runs the action and dismisses the toast', () => {
    renderToasts();
    const undo = jest.fn();
    show({ title: 'Deleted', action: { label: 'Undo', onClick: undo } });

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));

    expect(undo).toHaveBeenCalledTimes(1);
    expect(visibleToasts()).toHaveLength(0);
  });
});
