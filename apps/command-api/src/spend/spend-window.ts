import type { CounterWindow } from './spend-counters.repository.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The UTC hour that `now` falls in: fixed windows, so every instance agrees on which row counts. */
export function hourWindow(counter: string, now: Date): CounterWindow {
  return windowOf(counter, now, HOUR_MS);
}

/** The UTC day that `now` falls in. */
export function dayWindow(counter: string, now: Date): CounterWindow {
  return windowOf(counter, now, DAY_MS);
}

function windowOf(counter: string, now: Date, length: number): CounterWindow {
  const start = Math.floor(now.getTime() / length) * length;
  return { counter, start: new Date(start), end: new Date(start + length) };
}

/** Whole seconds until the window ends, at least 1 (a Retry-After of 0 would invite a resend at once). */
export function secondsLeft(window: CounterWindow, now: Date): number {
  return Math.max(1, Math.ceil((window.end.getTime() - now.getTime()) / 1000));
}
