import { createHash } from 'node:crypto';
import { AUTH_STORAGE_KEY } from '@jokes/contracts';
import { discountedAmount } from '@jokes/domain';
import type { PortalView } from './portal.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const money = (cents: number, currency: string) => `${currency === 'usd' ? '$' : `${currency.toUpperCase()} `}${(cents / 100).toFixed(2)}`;
const day = (seconds: number | null) => (seconds ? new Date(seconds * 1000).toISOString().slice(0, 10) : '—');

const STATUS_TEXT: Record<string, string> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Past due: we will retry your card',
  canceled: 'Canceled',
  incomplete: 'Waiting for a card',
  incomplete_expired: 'Expired',
};

function subscriptionSection(view: PortalView, action: (name: string) => string): string {
  const subscription = view.subscription;
  if (!subscription) return '<p>No subscription yet.</p>';
  const item = subscription.items.data[0]!;
  const plan = item.price.recurring.interval === 'month' ? 'monthly' : 'yearly';
  const other = plan === 'monthly' ? 'yearly' : 'monthly';
  const live = ['trialing', 'active', 'past_due'].includes(subscription.status);
  const ends = subscription.status === 'trialing' ? subscription.trial_end : item.current_period_end;
  const price = money(discountedAmount(item.price.unit_amount, subscription._percent_off), item.price.currency);
  const lines = [
    `<p><strong>Jokes Pro, ${plan}</strong> · ${price} per ${item.price.recurring.interval}${subscription._percent_off ? ` (${subscription._percent_off}% off)` : ''}</p>`,
    `<p>Status: <strong data-status="${subscription.status}">${escape(STATUS_TEXT[subscription.status] ?? subscription.status)}</strong></p>`,
  ];
  if (live && subscription.cancel_at_period_end) lines.push(`<p>Your subscription ends on <strong>${day(ends)}</strong>. You keep Pro until then.</p>`);
  else if (live) lines.push(`<p>${subscription.status === 'trialing' ? 'Trial ends' : 'Renews'} on <strong>${day(ends)}</strong>.</p>`);
  if (view.card) lines.push(`<p>Card: ${escape(view.card.card.brand)} ending in ${escape(view.card.card.last4)}, expires ${view.card.card.exp_month}/${view.card.card.exp_year}</p>`);
  if (live) {
    lines.push(
      subscription.cancel_at_period_end
        ? `<form method="post" action="${action('resume')}"><button type="submit">Resume subscription</button></form>`
        : `<form method="post" action="${action('cancel')}"><button type="submit">Cancel subscription</button></form>`,
      `<form method="post" action="${action('change-plan')}"><input type="hidden" name="plan" value="${other}"><button type="submit">Switch to ${other}</button></form>`,
    );
  }
  return lines.join('\n');
}

function invoicesSection(view: PortalView): string {
  if (view.invoices.length === 0) return '<p>No invoices yet.</p>';
  const rows = view.invoices
    .map((invoice) => {
      const line = invoice.lines.data[0];
      return `<tr><td>${day(invoice.created)}</td><td>${escape(line?.description ?? '')}</td><td>${money(invoice.amount_due, invoice.currency)}</td><td>${escape(invoice.status)}</td></tr>`;
    })
    .join('\n');
  return `<table><thead><tr><th>Date</th><th>Item</th><th>Amount</th><th>Status</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/**
 * The buttons prove who presses them. The page is on the product's origin, so
 * it reads the signed-in user's access token where the web keeps the auth
 * session (supabase-js, local storage) and posts each action with it; the
 * server acts only for the owner. A plain form post would carry no identity.
 */
const actionScript = `
(() => {
  const notice = document.getElementById('notice');
  const show = (text) => { notice.textContent = text; notice.hidden = false; };
  const accessToken = () => {
    try { return JSON.parse(localStorage.getItem(${JSON.stringify(AUTH_STORAGE_KEY)}) || 'null')?.access_token || null; } catch { return null; }
  };
  for (const form of document.querySelectorAll('form')) {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const token = accessToken();
      if (!token) return show('Please log in on the site in this browser, then reload this page.');
      for (const button of form.querySelectorAll('button')) button.disabled = true;
      try {
        const answer = await fetch(form.getAttribute('action'), {
          method: 'POST',
          redirect: 'manual',
          headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
          body: JSON.stringify(Object.fromEntries(new FormData(form))),
        });
        if (answer.type === 'opaqueredirect' || answer.ok) return location.reload();
        const body = await answer.json().catch(() => ({}));
        show(body.message || body.error || 'Something went wrong (' + answer.status + '). Please try again.');
      } catch {
        show('The billing portal could not be reached. Please try again.');
      }
      for (const button of form.querySelectorAll('button')) button.disabled = false;
    });
  }
})();
`;

const style = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#222}
.badge{background:#ffe58f;padding:.1rem .5rem;border-radius:.3rem;font-size:.8rem}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.3rem;border-bottom:1px solid #ddd}
form{display:inline-block;margin:.3rem .5rem .3rem 0}button{padding:.4rem .9rem;cursor:pointer}.notice{color:#a8071a}`;

const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The portal page's Content-Security-Policy: its one inline script and style
 * sheet by hash, calls to this origin only, never in a frame. The edge keeps an
 * upstream page's own policy, and only this page knows what it inlines.
 */
export const PORTAL_PAGE_POLICY = [
  "default-src 'none'",
  `script-src ${hashSource(actionScript)}`,
  `style-src ${hashSource(style)}`,
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The local provider's stand-in for Stripe's hosted billing portal. */
export function renderPortalPage(view: PortalView, basePath: string): string {
  const action = (name: string) => `${basePath}/${name}`;
  const back = view.session.return_url ? `<p><a href="${escape(view.session.return_url)}">← Return to the site</a></p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Billing portal (local test mode)</title>
<style>${style}</style></head>
<body><h1>Billing portal <span class="badge">local test mode</span></h1>
<p>${escape(view.customer.email ?? view.customer.id)}</p>
<p id="notice" class="notice" role="alert" hidden></p>
<h2>Subscription</h2>
${subscriptionSection(view, action)}
<h2>Invoices</h2>
${invoicesSection(view)}
${back}
<script>${actionScript}</script>
</body></html>`;
}
