import type { Locator, Page } from 'playwright-core';
import { settleAnimations } from './axe.ts';

// Runs in the page; this file is type-checked without the DOM library.
interface FocusInPage {
  document: { activeElement: unknown };
}

/** Whether the element has the keyboard focus. */
export const hasFocus = (target: Locator) =>
  target.evaluate((element) => element === (globalThis as unknown as FocusInPage).document.activeElement);

/**
 * Whether the element gets the keyboard focus within `timeoutMs`: a menu whose
 * code loads on first use takes the focus once it has rendered, not at the key press.
 */
export async function receivesFocus(target: Locator, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await hasFocus(target).catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user does; fails after `limit` presses. */
export async function tabTo(page: Page, target: Locator, { backwards = false, limit = 40 } = {}): Promise<void> {
  for (let presses = 0; !(await hasFocus(target)); presses += 1) {
    if (presses === limit) throw new Error(`${limit} presses of ${backwards ? 'Shift+Tab' : 'Tab'} never reached ${target.toString()}`);
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
}

interface MarkedPage extends FocusInPage {
  focusBeforePress?: unknown;
}

/**
 * Presses `key` until `target` has the focus (arrow keys in a menu or a group);
 * fails after `limit` presses. After each press it waits (up to a second) for
 * the focus to move, as a person waits to see it: a menu moves it once it has
 * re-rendered, and a press sent before that would be counted from the old item.
 */
export async function pressUntilFocused(page: Page, key: string, target: Locator, limit = 10): Promise<void> {
  for (let presses = 0; !(await hasFocus(target)); presses += 1) {
    if (presses === limit) throw new Error(`${limit} presses of ${key} never reached ${target.toString()}`);
    await page.evaluate(() => {
      const inPage = globalThis as unknown as MarkedPage;
      inPage.focusBeforePress = inPage.document.activeElement;
    });
    await page.keyboard.press(key);
    await page
      .waitForFunction(() => {
        const inPage = globalThis as unknown as MarkedPage;
        return inPage.document.activeElement !== inPage.focusBeforePress;
      }, undefined, { timeout: 1000 })
      .catch(() => undefined);
  }
}

/** A change a sighted user notices: a channel moving by more than this, of 255 (faint shadows stay below). */
const NOTICEABLE_CHANGE = 40;
/** About a 1 px line along two sides of a small control; a focus ring paints far more. */
const NOTICEABLE_PIXELS = 40;

// Runs in the page; this file is type-checked without the DOM library.
interface PixelsInPage {
  fetch(url: string): Promise<{ blob(): Promise<unknown> }>;
  createImageBitmap(blob: unknown): Promise<{ width: number; height: number }>;
  OffscreenCanvas: new (width: number, height: number) => {
    getContext(kind: '2d'): { drawImage(image: unknown, x: number, y: number): void; getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
  };
}

/** How many pixels of two same-sized PNG screenshots differ noticeably (decoded by the browser itself). */
function noticeablyChangedPixels(page: Page, one: Buffer, other: Buffer): Promise<number> {
  return page.evaluate(
    async ([first, second, threshold]) => {
      const browser = globalThis as unknown as PixelsInPage;
      const pixels = async (png: string) => {
        const image = await browser.createImageBitmap(await (await browser.fetch(`data:image/png;base64,${png}`)).blob());
        const canvas = new browser.OffscreenCanvas(image.width, image.height).getContext('2d');
        canvas.drawImage(image, 0, 0);
        return canvas.getImageData(0, 0, image.width, image.height).data;
      };
      const [a, b] = [await pixels(first), await pixels(second)];
      let changed = 0;
      for (let at = 0; at < a.length; at += 4) {
        const channels = [0, 1, 2].map((channel) => Math.abs((a[at + channel] ?? 0) - (b[at + channel] ?? 0)));
        if (Math.max(...channels) > threshold) changed += 1;
      }
      return changed;
    },
    [one.toString('base64'), other.toString('base64'), NOTICEABLE_CHANGE] as const,
  );
}

/**
 * Whether the focus shows: the focused control, painted, differs noticeably
 * from the same control unfocused (a ring, a border, a colour), compared pixel
 * by pixel around it (`box`, the control's visible frame, defaults to the
 * control). The caret and the toasts are hidden meanwhile, and motion should be
 * reduced, so only the focus can make the difference. The focus is given back
 * afterwards.
 */
export async function focusIsVisible(page: Page, focused: Locator, box: Locator = focused): Promise<boolean> {
  const quiet = await page.addStyleTag({ content: '* { caret-color: transparent !important; } .toast-region { visibility: hidden; }' });
  const frame = await box.boundingBox();
  if (!frame) throw new Error(`${box.toString()} is not on screen`);
  const margin = 6;
  const clip = { x: frame.x - margin, y: frame.y - margin, width: frame.width + 2 * margin, height: frame.height + 2 * margin };
  await settleAnimations(page);
  const withFocus = await page.screenshot({ clip });
  await focused.evaluate((element) => (element as { blur(): void }).blur());
  await settleAnimations(page);
  const withoutFocus = await page.screenshot({ clip });
  // After keyboard use, Chrome shows :focus-visible for a focus given back by script too.
  await focused.focus();
  await settleAnimations(page);
  await quiet.evaluate((style) => (style as { remove(): void }).remove());
  return (await noticeablyChangedPixels(page, withFocus, withoutFocus)) >= NOTICEABLE_PIXELS;
}
