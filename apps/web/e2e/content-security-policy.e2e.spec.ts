import { describe, expect, it } from '@jest/globals';
import type { BrowserContext } from 'playwright-core';
import { registerConfirmedUser, uniqueEmail } from './support/accounts.ts';
import { notifications } from './support/app.ts';
import { browserTest, waitUntil } from './support/browser.ts';

// The product under its Content-Security-Policy in Chromium, on the pages whose
// scripts, styles, calls and frames it must allow: the home page (prerendered,
// with its inline script), a joke, the development mailbox, the subscribe page
// with the local card form, and the local provider's portal page with its own
// policy. Nothing is faked; the browser reports what the policy refused.
const e2e = browserTest({ localhost: true });

const PASSWORD = 'csp-secret-1';

/**
 * Collects every violation the pages of `context` report, popups included: the
 * `securitypolicyviolation` event each page fires, and Chromium's console
 * message for what it refused.
 */
async function watchViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await context.addInitScript(() => {
    // Runs in the page; this file is type-checked without the DOM library.
    type Violation = { violatedDirective: string; blockedURI: string; sourceFile: string };
    const page = globalThis as unknown as {
      document: { addEventListener(type: string, listener: (event: Violation) => void): void };
      location: { href: string };
      reportCspViolation(text: string): void;
    };
    page.document.addEventListener('securitypolicyviolation', (event) =>
      page.reportCspViolation(`${event.violatedDirective} refused ${event.blockedURI || 'inline'} on ${page.location.href}`),
    );
  });
  context.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

describe('the Content-Security-Policy in a browser', () => {
  it('refuses nothing the product does: home, a joke, the mailbox, the local card form and the portal', async () => {
    const { page, url } = e2e;
    const violations = await watchViolations(page.context());

    // The page comes with a policy that names its one inline script by hash.
    const home = await page.goto(url('/'));
    expect(home?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    await page.getByRole('button', { name: 'Generate Joke' }).click();
    await page.getByText(/^Style: .+ • Topic:/).waitFor();

    // Registering goes through /dev/mailbox; the card form confirms on the local provider.
    const email = uniqueEmail('csp');
    await registerConfirmedUser(page, url, email, PASSWORD);
    await page.goto(url('/subscribe'));
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await notifications(page).getByText(/3-day free trial is activated/).waitFor();
    await page.waitForURL((address) => address.pathname === '/account');

    // The portal page's own inline script sends the owner's token: its button works.
    const management = page.getByRole('region', { name: 'Subscription Management' });
    const [portal] = await Promise.all([page.waitForEvent('popup'), management.getByRole('button', { name: 'Manage Subscription' }).click()]);
    await portal.getByRole('heading', { name: /Billing portal/ }).waitFor();
    await portal.getByRole('button', { name: 'Cancel subscription' }).click();
    await portal.getByRole('button', { name: 'Resume subscription' }).waitFor();
    await portal.close();

    expect(violations).toEqual([]);

    // The watch itself sees a refusal: a script injected into the page is not run, and reported.
    const ran = await page.evaluate(() => {
      const page = globalThis as unknown as {
        document: { createElement(tag: string): { textContent: string }; body: { append(node: unknown): void } };
        injectedRan?: boolean;
      };
      const script = page.document.createElement('script');
      script.textContent = 'globalThis.injectedRan = true;';
      page.document.body.append(script);
      return page.injectedRan === true;
    });
    expect(ran).toBe(false);
    await waitUntil(async () => violations.some((violation) => violation.includes('script-src')), 'the refused script is reported');
  });
});
