import { describe, expect, it } from '@jest/globals';
import { registerConfirmedUser, uniqueEmail } from './support/accounts.ts';
import { aComedian, chooseComedian, chooseLength, mainNav, notifications } from './support/app.ts';
import { browserTest } from './support/browser.ts';

// Going Pro end to end, on the local payment provider (the default without
// STRIPE_SECRET_KEY): Stripe's test cards, its decline messages and its webhooks,
// played by the product's own Stripe-compatible server. Nothing is faked.
const e2e = browserTest({ localhost: true });

const PASSWORD = 'billing-secret-1';

async function payWithCard(cardNumber: string): Promise<void> {
  const { page } = e2e;
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
}

describe('going Pro in a browser', () => {
  it('a free user meets a premium comedian, starts a trial with 4242 4242 4242 4242 and uses Pro', async () => {
    const { page, url } = e2e;
    const email = uniqueEmail('pro');
    const premium = await aComedian(e2e.origin, 'premium');
    await registerConfirmedUser(page, url, email, PASSWORD);
    await page.getByLabel('Subscription: Inactive').waitFor();

    // A premium comedian is locked: choosing one opens the prompt, which leads to the plan page.
    await chooseComedian(page, premium);
    const prompt = page.getByRole('dialog', { name: 'Upgrade to Pro' });
    await prompt.waitFor();
    await prompt.getByRole('link', { name: 'Start Free Trial' }).click();
    await page.waitForURL((address) => address.pathname === '/subscribe');

    await payWithCard('4242 4242 4242 4242');
    await notifications(page).getByText(/3-day free trial is activated/).waitFor();
    await page.waitForURL((address) => address.pathname === '/account');
    await page.getByLabel('Subscription: Active').waitFor();
    const management = page.getByRole('region', { name: 'Subscription Management' });
    await management.getByText('Trialing').waitFor();
    await management.getByRole('button', { name: 'Manage Subscription' }).waitFor();

    // Pro on the home page: the premium comedian and a long joke.
    await page.getByRole('link', { name: 'Standup Jokes AI' }).click();
    await page.getByLabel('Subscription: Active').waitFor();
    await chooseComedian(page, premium);
    await chooseLength(page, 'Long (8-10 sentences)');
    await page.getByRole('textbox', { name: 'Topic' }).fill('gym memberships');
    await page.getByRole('button', { name: 'Generate Joke' }).click();
    await page.getByText(`Style: ${premium} • Topic: gym memberships`).waitFor();
    const joke = (await page.getByRole('blockquote').innerText()).trim();
    expect(await page.getByRole('dialog', { name: 'Upgrade to Pro' }).isVisible()).toBe(false);

    // ...which History lists.
    await mainNav(page).getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { level: 1, name: 'Joke History' }).waitFor();
    const history = page.getByRole('list', { name: 'Your jokes, newest first' });
    await history.getByText(joke, { exact: true }).waitFor();
    await history.getByText(`Style: ${premium} • Topic: gym memberships`).waitFor();
  });

  it('Manage Subscription opens the local portal in a new tab, whose buttons act as the signed-in owner', async () => {
    const { page, url } = e2e;
    await registerConfirmedUser(page, url, uniqueEmail('portal'), PASSWORD);
    await page.goto(url('/subscribe'));
    await payWithCard('4242 4242 4242 4242');
    await page.waitForURL((address) => address.pathname === '/account');

    // A plain navigation carries no token: the page's own script sends the session's.
    const management = page.getByRole('region', { name: 'Subscription Management' });
    const [portal] = await Promise.all([page.waitForEvent('popup'), management.getByRole('button', { name: 'Manage Subscription' }).click()]);
    const portalErrors: string[] = [];
    portal.on('pageerror', (error) => portalErrors.push(error.message));
    await portal.getByRole('heading', { name: /Billing portal/ }).waitFor();
    await portal.getByRole('button', { name: 'Cancel subscription' }).click();
    await portal.getByRole('button', { name: 'Resume subscription' }).waitFor();
    await portal.getByText('Your subscription ends on').waitFor();
    expect(portalErrors).toEqual([]);
    await portal.close();
  });

  it('a declined card (4000 0000 0000 0002) shows the provider’s message and leaves the user free', async () => {
    const { page, url } = e2e;
    const email = uniqueEmail('declined');
    await registerConfirmedUser(page, url, email, PASSWORD);
    await page.goto(url('/subscribe'));

    await payWithCard('4000 0000 0000 0002');

    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/subscribe');
    await page.getByRole('button', { name: 'Subscribe Now' }).waitFor();

    // Still free: the badge, and History sends them home with the prompt.
    await page.goto(url('/'));
    await page.getByLabel('Subscription: Inactive').waitFor();
    await mainNav(page).getByRole('link', { name: 'History' }).click();
    await page.getByRole('dialog', { name: 'Upgrade to Pro' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
