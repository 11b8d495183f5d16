import type { Page } from 'playwright-core';
import { UI_TIMEOUT_MS, waitUntil } from './browser.ts';

// The app's landmarks and controls, as a user (and a screen reader) finds them.

export const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

interface CatalogueEntry {
  name: string;
  tier: 'free' | 'premium';
  makeMeLaugh: boolean;
}

/** The catalogue the page itself uses (GET /api/comedians). */
export async function catalogueEntries(origin: string): Promise<CatalogueEntry[]> {
  const response = await fetch(new URL('/api/comedians', origin));
  return ((await response.json()) as { comedians: CatalogueEntry[] }).comedians;
}

/**
 * A comedian of the tier whose name matches no other name when typed into the
 * searchable select (so Enter takes it); off the Make Me Laugh list if possible.
 */
export async function aComedian(origin: string, tier: 'free' | 'premium'): Promise<string> {
  const entries = await catalogueEntries(origin);
  const unique = (name: string) => entries.filter((other) => other.name.toLowerCase().includes(name.toLowerCase())).length === 1;
  const candidates = entries.filter((comedian) => comedian.tier === tier && unique(comedian.name));
  const found = candidates.find((comedian) => !comedian.makeMeLaugh) ?? candidates[0];
  if (!found) throw new Error(`The catalogue has no ${tier} comedian`);
  return found.name;
}

/** Types into the searchable comedian select and takes the first match, as a keyboard user does. */
export async function chooseComedian(page: Page, name: string): Promise<void> {
  const style = page.getByRole('combobox', { name: 'Comedian style' });
  await style.click();
  await style.fill(name);
  await page.keyboard.press('Enter');
}

/** Opens the length select and presses the option showing `label`. */
export async function chooseLength(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Joke length' }).click();
  await page.locator('.ant-select-item-option', { hasText: label }).click();
}

/** Waits until the catalogue has loaded (Make Me Laugh needs it). */
export async function catalogueReady(page: Page): Promise<void> {
  const makeMeLaugh = page.getByRole('button', { name: 'Make Me Laugh' });
  await waitUntil(() => makeMeLaugh.isEnabled(), 'the catalogue has loaded', UI_TIMEOUT_MS);
}

/**
 * The page's analytics batch holding an item `name`, accepted by the server.
 * Waited for before a test leaves the page: the batch goes every 5 s, and what
 * is left at pagehide goes by sendBeacon, which a headless page closed under
 * the full suite's load was seen to lose (the beacon path has its own specs in
 * shared/analytics).
 */
export function analyticsSent(page: Page, name: string): Promise<unknown> {
  return page.waitForResponse(
    (response) => response.url().endsWith('/api/analytics/events') && response.ok() && (response.request().postData() ?? '').includes(`"name":"${name}"`),
    { timeout: 3 * UI_TIMEOUT_MS },
  );
}
