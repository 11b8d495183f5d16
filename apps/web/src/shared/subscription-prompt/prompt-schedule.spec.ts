import { afterEach, describe, expect, it } from '@jest/globals';
import {
  PROMPT_AUTO_OPEN_INTERVAL_MS,
  PROMPT_LAST_SHOWN_KEY,
  readPromptLastShown,
  recordPromptShown,
  shouldAutoOpenPrompt,
} from './prompt-schedule';

const NOW = Date.parse('2026-03-04T12:00:00Z');
const MINUTE = 60_000;

afterEach(() => localStorage.clear());

describe('subscription prompt, once an hour at most', () => {
  it('opens for someone not subscribed who has never seen it', () => {
    expect(shouldAutoOpenPrompt({ subscribed: false, lastShown: null, now: NOW })).toBe(true);
  });

  it('never opens for a subscriber', () => {
    expect(shouldAutoOpenPrompt({ subscribed: true, lastShown: null, now: NOW })).toBe(false);
  });

  it('stays shut within the hour after it was shown, and opens again after it', () => {
    expect(shouldAutoOpenPrompt({ subscribed: false, lastShown: NOW - 59 * MINUTE, now: NOW })).toBe(false);
    expect(shouldAutoOpenPrompt({ subscribed: false, lastShown: NOW - PROMPT_AUTO_OPEN_INTERVAL_MS, now: NOW })).toBe(true);
  });

  it('treats a time in the future (a clock set back) as just shown', () => {
    expect(shouldAutoOpenPrompt({ subscribed: false, lastShown: NOW + MINUTE, now: NOW })).toBe(false);
  });

  it('keeps the last-shown time in local storage under one key', () => {
    recordPromptShown(NOW);
    expect(localStorage.getItem(PROMPT_LAST_SHOWN_KEY)).toBe(String(NOW));
    expect(readPromptLastShown()).toBe(NOW);
  });

  it('reads a missing or unreadable time as never shown', () => {
    expect(readPromptLastShown()).toBeNull();
    localStorage.setItem(PROMPT_LAST_SHOWN_KEY, 'yesterday');
    expect(readPromptLastShown()).toBeNull();
  });
});
