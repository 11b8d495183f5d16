import { describe, it } from '@jest/globals';
import { confirmByMail, followMailedLink, logIn, register, uniqueEmail } from './support/accounts.ts';
import { mainNav, notifications } from './support/app.ts';
import { browserTest } from './support/browser.ts';

// Accounts end to end: the real auth server (/auth/v1), the file outbox and its
// development mailbox, supabase-js in a real browser. Nothing is faked.
const e2e = browserTest({ localhost: true });

describe('accounts in a browser', () => {
  it('registers, confirms by mail, resets the password by mail and logs in with the new one', async () => {
    const { page, url } = e2e;
    const email = uniqueEmail('e2e');
    const firstPassword = 'first-secret-1';
    const newPassword = 'second-secret-2';

    // Register, with the 18+ confirmation, then confirm through the mailed link.
    await register(page, url, email, firstPassword);
    await confirmByMail(page, url, email, firstPassword);

    // The menu under the e-mail, then log out.
    await mainNav(page).getByRole('button', { name: email }).click();
    await page.getByRole('menuitem', { name: 'My Account' }).waitFor();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await mainNav(page).getByRole('link', { name: 'Login / Register' }).waitFor();

    // Ask for a reset link.
    await page.goto(url('/auth?mode=reset'));
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await notifications(page).getByText("We've sent you a password reset link.").waitFor();

    // Follow it and choose a new password.
    await followMailedLink(page, url, email, /Reset your .* password/);
    await page.waitForURL((address) => address.pathname === '/reset-password-confirm');
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password updated', { exact: true }).waitFor();
    await page.waitForURL((address) => address.pathname === '/auth' || address.pathname === '/');
    const keptSession = new URL(page.url()).pathname === '/';
    if (keptSession) {
      // The reset kept its session (flow a): log out to log in afresh.
      await mainNav(page).getByRole('button', { name: email }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.goto(url('/auth'));
    }

    // The old password no longer works; the new one does.
    await logIn(page, email, firstPassword);
    await notifications(page).getByText('Login Failed').waitFor();
    await logIn(page, email, newPassword);
    await mainNav(page).getByRole('button', { name: email }).waitFor();
    // Signed out by the reset, the next login is greeted as the first with the new password.
    if (!keptSession) await notifications(page).getByText('Login Successful').waitFor();
  });
});
