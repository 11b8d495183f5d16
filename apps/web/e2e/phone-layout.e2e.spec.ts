import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { registerConfirmedUser, uniqueEmail } from './support/accounts.ts';
import { mainNav } from './support/app.ts';
import { settleAnimations } from './support/axe.ts';
import { browserTest } from './support/browser.ts';

// Issue 14: on a phone (390 × 844) and a tablet (768 × 1024) the header is one
// row, nothing is wider than the screen and every control a finger presses is
// at least 44 px; desktop is unchanged. The real product in Chromium.
const e2e = browserTest({ localhost: true });

const PASSWORD = 'phone-secret-1';
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1280, height: 800 };
const TAP_TARGET_PX = 44;

const ROUTES = ['/', '/auth', '/subscribe', '/history', '/account', '/legal/terms', '/debug-supabase', '/there/is/nothing/here'];

interface Box {
  what: string;
  top: number;
  bottom: number;
  width: number;
  height: number;
}

// Runs in the page; this file is type-checked without the DOM library.
interface ElementInPage {
  getBoundingClientRect(): { top: number; bottom: number; width: number; height: number };
  closest(selector: string): ElementInPage | null;
  getAttribute(name: string): string | null;
  textContent: string | null;
  tagName: string;
}
interface DocumentInPage {
  document: {
    documentElement: { scrollWidth: number; clientWidth: number };
    querySelectorAll(selector: string): Iterable<ElementInPage>;
  };
  getComputedStyle(element: ElementInPage): { visibility: string; clipPath: string };
}

/** The top bar's brand and its navigation's items, as laid out. */
function headerItems(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as DocumentInPage;
    return [...document.querySelectorAll('header.top-bar .top-bar__brand, header.top-bar .top-bar__nav > *')].map((item) => {
      const { top, bottom, width, height } = item.getBoundingClientRect();
      return { what: (item.getAttribute('aria-label') ?? item.textContent ?? item.tagName).trim(), top, bottom, width, height };
    });
  });
}

/** One row: every item overlaps every other vertically. */
async function expectOneRowHeader(page: Page, where: string): Promise<void> {
  const items = await headerItems(page);
  const lowestTop = Math.max(...items.map((item) => item.top));
  const highestBottom = Math.min(...items.map((item) => item.bottom));
  expect({ where, items: items.map(({ what }) => what), oneRow: lowestTop < highestBottom }).toEqual({
    where,
    items: items.map(({ what }) => what),
    oneRow: true,
  });
}

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const { documentElement } = (globalThis as unknown as DocumentInPage).document;
    return { scrollWidth: documentElement.scrollWidth, clientWidth: documentElement.clientWidth };
  });
  expect({ where, scrollWidth }).toEqual({ where, scrollWidth: clientWidth });
}

/**
 * Every control a finger presses, by the frame it is drawn in (a select, a
 * field with a clear button, a checkbox or radio with its label, a tab), that
 * is smaller than 44 px either way. Hidden ones (off screen, visually hidden,
 * kept from assistive technology) do not count.
 */
function smallTargets(page: Page, minimum: number): Promise<Box[]> {
  return page.evaluate((minimum) => {
    const { document, getComputedStyle } = globalThis as unknown as DocumentInPage;
    const controls = 'a[href], button, input:not([type="hidden"]), textarea, [role="combobox"], [role="radio"], [role="tab"], [role="menuitem"]';
    const frames = '.ant-select, .ant-input-affix-wrapper, .ant-checkbox-wrapper, .ant-radio-wrapper, .ant-radio-button-wrapper, .ant-tabs-tab, label';
    return [...document.querySelectorAll(controls)]
      .filter((control) => control.closest('[aria-hidden="true"], .visually-hidden, .top-bar__account-label') === null)
      .map((control) => {
        const frame = control.closest(frames) ?? control;
        const { top, bottom, width, height } = frame.getBoundingClientRect();
        const what = (control.getAttribute('aria-label') ?? control.textContent ?? control.tagName).trim().slice(0, 40);
        return { what, top, bottom, width, height, hidden: getComputedStyle(frame).visibility === 'hidden' };
      })
      .filter(({ bottom, width, hidden }) => !hidden && width > 0 && bottom > 0)
      .filter(({ width, height }) => width < minimum || height < minimum)
      .map(({ what, top, bottom, width, height }) => ({ what, top, bottom, width: Math.round(width), height: Math.round(height) }));
  }, minimum);
}

async function expectTapTargets(page: Page, where: string): Promise<void> {
  // A menu still zooming in is measured small.
  await settleAnimations(page);
  expect({ where, small: await smallTargets(page, TAP_TARGET_PX) }).toEqual({ where, small: [] });
}

/** A joke on the card, so its stars, Listen and Share are on the page too. */
async function jokeOnTheCard(page: Page): Promise<void> {
  await page.goto(e2e.url('/'));
  await page.getByRole('button', { name: 'Generate Joke' }).click();
  await page.getByText(/^Style: .+ • Topic:/).waitFor();
  await page.waitForLoadState('networkidle');
}

async function checkEveryRoute(page: Page, where: string): Promise<void> {
  for (const route of ROUTES) {
    await page.goto(e2e.url(route));
    await page.waitForLoadState('networkidle');
    await expectOneRowHeader(page, `${where} ${route}`);
    await expectNoSidewaysScroll(page, `${where} ${route}`);
  }
}

describe('phone and tablet layout in a browser', () => {
  it('on a phone, logged out: a one-row header, nothing wider than the screen, 44 px targets', async () => {
    const { page, url } = e2e;
    await page.setViewportSize(PHONE);

    await checkEveryRoute(page, 'phone, logged out');
    await jokeOnTheCard(page);
    await expectTapTargets(page, 'phone, logged out, home with a joke');
    await page.goto(url('/auth'));
    await page.getByRole('tab', { name: 'Register' }).click();
    await expectTapTargets(page, 'phone, logged out, /auth register');
  });

  it('on a phone, signed in: the account button is an icon named by the e-mail, which heads its menu', async () => {
    const { page, url } = e2e;
    await page.setViewportSize(PHONE);
    const email = uniqueEmail('phone');
    await registerConfirmedUser(page, url, email, PASSWORD);

    await checkEveryRoute(page, 'phone, signed in');
    const account = mainNav(page).getByRole('button', { name: email, disabled: false });
    await account.waitFor();
    expect((await account.boundingBox())?.width).toBe(TAP_TARGET_PX);
    await account.click();
    const menu = page.getByRole('menu');
    await menu.getByText(email).waitFor();
    await expectTapTargets(page, 'phone, signed in, account menu open');
    await page.keyboard.press('Escape');
    await jokeOnTheCard(page);
    await expectTapTargets(page, 'phone, signed in, home with a joke');
    await page.goto(url('/account'));
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    await expectTapTargets(page, 'phone, signed in, /account');
  });

  it('on a tablet: a one-row header and nothing wider than the screen, logged out and signed in', async () => {
    const { page, url } = e2e;
    await page.setViewportSize(TABLET);

    await checkEveryRoute(page, 'tablet, logged out');
    const email = uniqueEmail('tablet');
    await registerConfirmedUser(page, url, email, PASSWORD);
    await checkEveryRoute(page, 'tablet, signed in');
    await jokeOnTheCard(page);
    await expectTapTargets(page, 'tablet, signed in, home with a joke');
  });

  it('on a desktop the account button still shows the e-mail', async () => {
    const { page, url } = e2e;
    await page.setViewportSize(DESKTOP);
    const email = uniqueEmail('desk');
    await registerConfirmedUser(page, url, email, PASSWORD);

    // The menu's own button, not the inert one shown while its code loads.
    const account = mainNav(page).getByRole('button', { name: email, disabled: false });
    await account.waitFor();
    expect((await account.boundingBox())?.width).toBeGreaterThan(100);
    expect((await account.getByText(email).boundingBox())?.width).toBeGreaterThan(100);
    await expectOneRowHeader(page, 'desktop, signed in');
  });
});
