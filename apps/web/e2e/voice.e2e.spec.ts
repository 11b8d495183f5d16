import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { registerConfirmedUser, uniqueEmail } from './support/accounts.ts';
import { mainNav, notifications } from './support/app.ts';
import { browserTest } from './support/browser.ts';
import { subscribeWithTestCard } from './support/pro.ts';

// Voice narration end to end: the offline speech engine (the default without
// ELEVENLABS_API_KEY) makes real audio, the product serves it and Chromium
// plays it. Nothing is faked.
const e2e = browserTest({ localhost: true });

const PASSWORD = 'voice-secret-1';

interface AudioState {
  paused: boolean;
  duration: number;
  currentTime: number;
}

/** Waits until the page's audio element is playing something with a length (and has moved past its start). */
async function audioPlaying(page: Page): Promise<AudioState> {
  const handle = await page.waitForFunction(() => {
    // Runs in the page; this file is type-checked without the DOM library.
    const page = globalThis as unknown as { document: { querySelector(selector: string): AudioState | null } };
    const audio = page.document.querySelector('audio');
    if (!audio || audio.paused || !(audio.duration > 0) || audio.currentTime <= 0) return null;
    return { paused: audio.paused, duration: audio.duration, currentTime: audio.currentTime };
  });
  return (await handle.jsonValue()) as AudioState;
}

const audioCount = (page: Page) => page.locator('audio').count();

/** A joke on the home page, generated with the form's defaults. */
async function generateJoke(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Standup Jokes AI' }).click();
  await page.getByRole('button', { name: 'Generate Joke' }).click();
  await page.getByText(/^Style: .+ • Topic:/).waitFor();
}

describe('voice narration in a browser', () => {
  it('a Pro user filters female voices, previews one, saves it, sees it kept, and hears a joke in it until Stop', async () => {
    const { page, url } = e2e;
    const email = uniqueEmail('voice');
    await registerConfirmedUser(page, url, email, PASSWORD);
    await subscribeWithTestCard(page, url);

    await mainNav(page).getByRole('button', { name: email }).click();
    await page.getByRole('menuitem', { name: 'Voice Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Voice Settings' }).waitFor();
    const voices = page.getByRole('list', { name: 'Voice list' }).getByRole('listitem');
    await voices.first().waitFor();
    const everyVoice = await voices.count();

    // Female only.
    await page.getByRole('radiogroup', { name: 'Gender' }).getByText('Female', { exact: true }).click();
    await expectEvery(page, 'Female');
    const female = await voices.count();
    expect(female).toBeGreaterThanOrEqual(2);
    expect(female).toBeLessThan(everyVoice);
    // The voice's radio is named by the voice's name (its label).
    const name = (await voices.first().locator('label').first().innerText()).trim();

    // Its preview plays real audio.
    await page.getByRole('button', { name: `Preview ${name}` }).click();
    const preview = await audioPlaying(page);
    expect(preview.duration).toBeGreaterThan(0);

    // Chosen and saved; a reload shows it still selected.
    await page.getByRole('radio', { name }).check();
    await page.getByRole('button', { name: 'Save Voice Preference' }).click();
    await notifications(page).getByText('Voice preference saved').waitFor();
    await page.reload();
    await page.getByRole('list', { name: 'Voice list' }).waitFor();
    expect(await page.getByRole('radio', { name }).isChecked()).toBe(true);

    // A joke read aloud in it, until Stop.
    await generateJoke(page);
    await page.getByRole('button', { name: 'Listen' }).click();
    const narration = await audioPlaying(page);
    expect(narration.duration).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByRole('button', { name: 'Listen' }).waitFor();
    expect(await audioCount(page)).toBe(0);
  });

  it('a free user gets the Premium Feature toast', async () => {
    const { page, url } = e2e;
    await registerConfirmedUser(page, url, uniqueEmail('voice-free'), PASSWORD);
    await page.getByLabel('Subscription: Inactive').waitFor();

    await generateJoke(page);
    await page.getByRole('button', { name: 'Listen PRO' }).click();

    await notifications(page).getByText('Premium Feature').waitFor();
    await notifications(page).getByText('Voice narration is available for premium subscribers only').waitFor();
    expect(await audioCount(page)).toBe(0);
  });
});

/** Every listed voice shows the gender's tag. */
async function expectEvery(page: Page, gender: 'Female' | 'Male'): Promise<void> {
  const items = page.getByRole('list', { name: 'Voice list' }).getByRole('listitem');
  for (const item of await items.all()) expect(await item.getByText(gender, { exact: true }).count()).toBe(1);
}
