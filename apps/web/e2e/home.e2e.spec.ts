import { describe, expect, it } from '@jest/globals';
import { aComedian, catalogueEntries, catalogueReady, chooseComedian } from './support/app.ts';
import { browserTest, escapeRegExp, waitUntil } from './support/browser.ts';

// The real product (built web, edge, command and query sides, projectors, a
// fresh database) in a real browser. Nothing is faked.
const e2e = browserTest();

describe('home page in a browser', () => {
  it('a first visit presses Generate Joke without choosing anything and gets a joke in the first free style', async () => {
    const { page, url } = e2e;
    const firstFree = (await catalogueEntries(e2e.origin)).find((comedian) => comedian.tier === 'free');
    await page.goto(url('/'));

    // No choice, no wait: the button itself holds until the comedian list is in.
    await page.getByRole('button', { name: 'Generate Joke' }).click();

    await page.getByText(new RegExp(`^Style: ${escapeRegExp(firstFree?.name ?? '')} • Topic:`)).waitFor();
    expect((await page.getByRole('blockquote').innerText()).trim()).not.toBe('');
    expect(await page.getByText('Please choose a comedian style').count()).toBe(0);
  });

  it('generates a joke in a free comedian style on a topic', async () => {
    const { page, url } = e2e;
    const comedian = await aComedian(e2e.origin, 'free');
    await page.goto(url('/'));

    await chooseComedian(page, comedian);
    await page.getByRole('textbox', { name: 'Topic' }).fill('airline food');
    await page.getByRole('button', { name: 'Generate Joke' }).click();

    await page.getByText(`Style: ${comedian} • Topic: airline food`).waitFor();
    const joke = (await page.getByRole('blockquote').innerText()).trim();
    expect(joke.length).toBeGreaterThan(10);
  });

  it('makes me laugh: fills the suggested topic and shows a joke', async () => {
    const { page, url } = e2e;
    await page.goto(url('/'));
    const topic = page.getByRole('textbox', { name: 'Topic' });
    await catalogueReady(page);

    await page.getByRole('button', { name: 'Make Me Laugh' }).click();

    await waitUntil(async () => (await topic.inputValue()) !== '', 'the topic is filled');
    const suggested = await topic.inputValue();
    await page.getByText(new RegExp(`^Style: .+ • Topic: ${escapeRegExp(suggested)}$`)).waitFor();
    expect((await page.getByRole('blockquote').innerText()).trim()).not.toBe('');
  });

  it('is readable before any script has run: the page as built, logged out', async () => {
    const context = await e2e.page.context().browser()!.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(e2e.url('/'));

      await page.getByRole('heading', { level: 1, name: 'AI Stand-Up Joke Generator' }).waitFor();
      expect(await page.getByRole('link', { name: 'Login / Register' }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('writes a joke while the auth service has not answered yet, logged out', async () => {
    const { page, url } = e2e;
    // The config says where auth lives; until it comes, nobody is known to be signed in.
    await page.route('**/api/config', () => undefined);
    await page.goto(url('/'));
    await catalogueReady(page);

    await page.getByRole('button', { name: 'Make Me Laugh' }).click();

    await page.getByText(/^Style: .+ • Topic: .+$/).waitFor();
    expect(await page.getByRole('link', { name: 'Login / Register' }).count()).toBe(1);
  });

  it('shows Page Not Found for an unknown path', async () => {
    const { page, url } = e2e;
    await page.goto(url('/there/is/nothing/here'));

    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
  });
});
