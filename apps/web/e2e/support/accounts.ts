import type { Page } from 'playwright-core';
import { mainNav, notifications } from './app.ts';
import { UI_TIMEOUT_MS, waitUntil } from './browser.ts';

/** Opens the newest mail to `to` whose subject matches, from the development mailbox, and follows its first link. */
export async function followMailedLink(page: Page, url: (path: string) => string, to: string, subject: RegExp): Promise<void> {
  await page.goto(url('/dev/mailbox'));
  const mail = page.getByRole('list', { name: 'Mails' }).getByRole('link').filter({ hasText: subject }).filter({ hasText: to }).first();
  const deadline = Date.now() + UI_TIMEOUT_MS;
  while (!(await mail.isVisible())) {
    if (Date.now() > deadline) throw new Error(`No mail "${subject.source}" to ${to} arrived`);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForTimeout(250);
  }
  await mail.click();
  await page.getByRole('navigation', { name: 'Links in this mail' }).getByRole('link').first().click();
}

/** Fills and sends the Login tab of /auth. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  const panel = page.getByRole('tabpanel', { name: 'Login' });
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: 'Login' }).click();
}

/** Fills and sends the Register tab of /auth, with the 18+ confirmation. */
export async function register(page: Page, url: (path: string) => string, email: string, password: string): Promise<void> {
  await page.goto(url('/auth'));
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('checkbox', { name: /18 years of age or older/ }).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await notifications(page).getByText('Check your email').waitFor();
}

/**
 * Confirms the address through the mailed link: supabase-js exchanges the code
 * and the user lands on / logged in. Opened without the PKCE verifier (another
 * browser), the address is confirmed all the same and the user logs in.
 */
export async function confirmByMail(page: Page, url: (path: string) => string, email: string, password: string): Promise<void> {
  await followMailedLink(page, url, email, /Confirm your .* account/);
  const confirmationFailed = page.getByRole('heading', { name: 'Email confirmation' });
  await waitUntil(
    async () => new URL(page.url()).pathname === '/' || (await confirmationFailed.isVisible()),
    'the confirmation link has been handled',
  );
  if (new URL(page.url()).pathname !== '/') {
    await page.goto(url('/auth'));
    await logIn(page, email, password);
  }
  await mainNav(page).getByRole('button', { name: email }).waitFor();
}

/** A new account, confirmed by mail and logged in, on the home page. */
export async function registerConfirmedUser(page: Page, url: (path: string) => string, email: string, password: string): Promise<void> {
  await register(page, url, email, password);
  await confirmByMail(page, url, email, password);
  await page.waitForURL((address) => address.pathname === '/');
}

/** A fresh address for each test, so runs never collide. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
