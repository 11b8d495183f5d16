import type { Page } from 'playwright-core';

/**
 * Makes the signed-in user Pro the way a user does: /subscribe with Stripe's
 * test card 4242 4242 4242 4242 on the local payment provider (a trial), then
 * the account page showing the subscription active.
 */
export async function subscribeWithTestCard(page: Page, url: (path: string) => string): Promise<void> {
  await page.goto(url('/subscribe'));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await page.waitForURL((address) => address.pathname === '/account');
  await page.getByLabel('Subscription: Active').waitFor();
}
