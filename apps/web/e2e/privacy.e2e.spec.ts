import { describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { logIn, registerConfirmedUser, uniqueEmail } from './support/accounts.ts';
import { mainNav, notifications } from './support/app.ts';
import { browserTest } from './support/browser.ts';

// Issue 11 for the user, end to end: the export generated from the events,
// the deletion confirmed by the password and the cancellation offered at the
// next sign-in, against the real auth server and command API. Nothing is faked.
const e2e = browserTest({ localhost: true });

const PASSWORD = 'privacy-secret-1';

describe('privacy in a browser', () => {
  it('downloads the data, deletes the account, is signed out, and cancels the deletion at the next sign-in', async () => {
    const { page, url } = e2e;
    const email = uniqueEmail('privacy');
    await registerConfirmedUser(page, url, email, PASSWORD);

    // Download my data: a JSON file, named by the day, about this user.
    await page.goto(url('/account'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^standup-jokes-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as { format: string; user: { email: string } };
    expect(exported.format).toBe('standup-jokes-export/1');
    expect(exported.user.email).toBe(email);

    // Delete my account, confirmed with the password: signed out, the erasure date named.
    await page.getByRole('region', { name: 'Danger Zone' }).getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Enter your password to confirm').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await notifications(page).getByText('Account Deletion Scheduled').waitFor();
    await mainNav(page).getByRole('link', { name: 'Login / Register' }).waitFor();

    // Signing in again is refused with the offer to cancel; taking it signs in.
    await page.goto(url('/auth'));
    await logIn(page, email, PASSWORD);
    await notifications(page).getByText('Account Scheduled for Deletion').waitFor();
    await page.getByRole('tabpanel', { name: 'Login' }).getByRole('button', { name: 'Cancel deletion and sign in' }).click();
    await mainNav(page).getByRole('button', { name: email }).waitFor();
    await page.waitForURL((address) => address.pathname === '/');

    // The account is whole again: its page opens with the same address.
    await page.goto(url('/account'));
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    await page.getByText(email, { exact: true }).first().waitFor();
  });
});
