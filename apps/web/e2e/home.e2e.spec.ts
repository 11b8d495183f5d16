import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { chromium, type Browser, type Page } from 'playwright-core';
// tools/ is workspace tooling, not an Nx project: the boundary rule has no tag for it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack } from '../../../tools/stack.ts';

// The real product (built web, edge, command and query sides, projectors, a
// fresh database) in a real browser. Nothing is faked.

const STACK_START_MS = 120_000;
const UI_TIMEOUT_MS = 30_000;

let stack: Awaited<ReturnType<typeof startStack>> | undefined;
let browser: Browser | undefined;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  stack = await startStack();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}, STACK_START_MS);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

beforeEach(async () => {
  page = await browser!.newPage();
  page.setDefaultTimeout(UI_TIMEOUT_MS);
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterEach(async () => {
  await page.close();
  expect(pageErrors).toEqual([]);
});

const url = (path: string) => new URL(path, stack!.baseUrl).toString();

/** A free comedian, read from the catalogue the page itself uses. */
async function aFreeComedian(): Promise<string> {
  const response = await fetch(url('/api/comedians'));
  const catalogue = (await response.json()) as { comedians: { name: string; tier: string }[] };
  const free = catalogue.comedians.find((comedian) => comedian.tier === 'free');
  if (!free) throw new Error('The catalogue has no free comedian');
  return free.name;
}

async function waitUntil(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('home page in a browser', () => {
  it('generates a joke in a free comedian style on a topic', async () => {
    const comedian = await aFreeComedian();
    await page.goto(url('/'));

    const style = page.getByRole('combobox', { name: 'Comedian style' });
    await style.click();
    await style.fill(comedian);
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Topic' }).fill('airline food');
    await page.getByRole('button', { name: 'Generate Joke' }).click();

    await page.getByText(`Style: ${comedian} • Topic: airline food`).waitFor();
    const joke = (await page.getByRole('blockquote').innerText()).trim();
    expect(joke.length).toBeGreaterThan(10);
  });

  it('makes me laugh: fills the suggested topic and shows a joke', async () => {
    await page.goto(url('/'));
    const topic = page.getByRole('textbox', { name: 'Topic' });
    const makeMeLaugh = page.getByRole('button', { name: 'Make Me Laugh' });
    await waitUntil(() => makeMeLaugh.isEnabled(), 'the catalogue has loaded');

    await makeMeLaugh.click();

    await waitUntil(async () => (await topic.inputValue()) !== '', 'the topic is filled');
    const suggested = await topic.inputValue();
    await page.getByText(new RegExp(`^Style: .+ • Topic: ${escapeRegExp(suggested)}$`)).waitFor();
    expect((await page.getByRole('blockquote').innerText()).trim()).not.toBe('');
  });

  it('shows Page Not Found for an unknown path', async () => {
    await page.goto(url('/there/is/nothing/here'));

    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
