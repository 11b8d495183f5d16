import { describe, expect, it } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { registerConfirmedUser, uniqueEmail } from './support/accounts.ts';
import { aComedian, mainNav, notifications } from './support/app.ts';
import { browserTest, escapeRegExp, waitUntil } from './support/browser.ts';
import { focusIsVisible, pressUntilFocused, receivesFocus, tabTo } from './support/keyboard.ts';
import { subscribeWithTestCard } from './support/pro.ts';

// Issue 14: a journey with the keyboard alone, the focus visible at every
// control it stops on. The real product in Chromium; nothing is faked.
const e2e = browserTest({ localhost: true, bypassCsp: true });

const PASSWORD = 'keyboard-secret-1';

/** The frame a field shows its focus on (antd draws it around the input). */
const frameOf = (page: Page, field: Locator, frame: '.ant-select' | '.ant-input-affix-wrapper') => page.locator(frame).filter({ has: field });

/** Fails, naming the control, unless its focus shows. */
async function expectVisibleFocus(page: Page, focused: Locator, frame?: Locator): Promise<void> {
  expect({ control: focused.toString(), focusShows: await focusIsVisible(page, focused, frame) }).toEqual({
    control: focused.toString(),
    focusShows: true,
  });
}

describe('keyboard alone in a browser', () => {
  it('a Pro user generates a joke, rates it, shares it and opens History without the mouse, the focus always visible', async () => {
    const { page, url } = e2e;
    // Signing up and subscribing are other journeys; this one starts signed in as Pro.
    await registerConfirmedUser(page, url, uniqueEmail('keys'), PASSWORD);
    await subscribeWithTestCard(page, url);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.origin });
    const premium = await aComedian(e2e.origin, 'premium');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(url('/'));
    await waitUntil(() => page.getByRole('button', { name: 'Make Me Laugh' }).isEnabled(), 'the catalogue has loaded');

    // Generate: a premium style typed into the searchable list, Long chosen with the arrow keys, a topic.
    const style = page.getByRole('combobox', { name: 'Comedian style' });
    await tabTo(page, style);
    await expectVisibleFocus(page, style, frameOf(page, style, '.ant-select'));
    await page.keyboard.type(premium);
    await page.keyboard.press('Enter');
    const length = page.getByRole('combobox', { name: 'Joke length' });
    await tabTo(page, length);
    await expectVisibleFocus(page, length, frameOf(page, length, '.ant-select'));
    await page.keyboard.press('ArrowDown');
    const activeOption = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active');
    for (let presses = 0; !/^Long/.test(await activeOption.innerText()); presses += 1) {
      if (presses === 6) throw new Error('ArrowDown never reached Long');
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    const topic = page.getByRole('textbox', { name: 'Topic' });
    await tabTo(page, topic);
    await expectVisibleFocus(page, topic, frameOf(page, topic, '.ant-input-affix-wrapper'));
    await page.keyboard.type('airports');
    const generate = page.getByRole('button', { name: 'Generate Joke' });
    await tabTo(page, generate);
    await expectVisibleFocus(page, generate);
    await page.keyboard.press('Enter');
    await page.getByText(new RegExp(`^Style: ${escapeRegExp(premium)} • Topic: airports$`)).waitFor();
    const joke = (await page.getByRole('blockquote').innerText()).trim();

    // Rate: one Tab stop for the stars, the arrow keys move, Space rates.
    const stars = page.getByRole('radiogroup', { name: 'Rate this joke' });
    await tabTo(page, stars.getByRole('radio', { name: '1 star' }));
    await expectVisibleFocus(page, stars.getByRole('radio', { name: '1 star' }));
    await pressUntilFocused(page, 'ArrowRight', stars.getByRole('radio', { name: '4 stars' }));
    await page.keyboard.press('Space');
    expect(await stars.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    await notifications(page).getByText('Rating saved').waitFor();

    // Share: Enter opens the menu on its first entry, the arrow keys move, Enter copies.
    const share = page.getByRole('button', { name: 'Share' });
    await tabTo(page, share);
    await expectVisibleFocus(page, share);
    await page.keyboard.press('Enter');
    expect(await receivesFocus(page.getByRole('menuitem', { name: 'X', exact: true }))).toBe(true);
    await pressUntilFocused(page, 'ArrowDown', page.getByRole('menuitem', { name: 'Copy to clipboard' }));
    await page.keyboard.press('Enter');
    await notifications(page).getByText('Copied to clipboard').waitFor();
    const copied = await page.evaluate(() =>
      // Runs in the page; this file is type-checked without the DOM library.
      (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText(),
    );
    expect(copied).toContain(joke);
    // The choice brought the focus back to Share; Escape closes a menu opened again, the focus stays there.
    expect(await receivesFocus(share)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    expect(await receivesFocus(share)).toBe(true);

    // F8 reaches the notifications from anywhere (SPEC 9).
    await page.keyboard.press('F8');
    expect(await receivesFocus(notifications(page))).toBe(true);

    // History, back up the page to the top bar.
    const history = mainNav(page).getByRole('link', { name: 'History' });
    await tabTo(page, history, { backwards: true, limit: 60 });
    await expectVisibleFocus(page, history);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: /History/ }).waitFor();
    const entry = page.getByRole('article').filter({ hasText: joke });
    await entry.getByText('Rated 4 out of 5').waitFor();
  });
});
