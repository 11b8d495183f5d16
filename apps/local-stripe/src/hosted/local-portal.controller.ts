import { Body, Controller, Get, Inject, Param, Post, Res } from '@nestjs/common';
import { localPortalAction, localPortalPage, PORTAL_ACTIONS } from '@jokes/contracts';
import { type Caller, CurrentCaller, requireCaller } from '@jokes/server';
import type { Response } from 'express';
import { LocalStripeError } from '../stripe/errors.js';
import { LocalStripeRuntime } from '../local-stripe.runtime.js';
import { assertOwnsPortal } from './ownership.js';
import { loadPortal, portalAction, portalSession, type PortalAction } from './portal.js';
import { PORTAL_PAGE_POLICY, renderPortalPage } from './portal-page.js';

const notFoundPage = '<!doctype html><html lang="en"><meta charset="utf-8"><title>Billing portal</title><body><h1>This billing portal link has expired.</h1><p>Open Manage Subscription on your account page again.</p></body></html>';
const expired = { error: 'Not Found', message: 'This billing portal link has expired. Open Manage Subscription on your account page again.' };

/**
 * The local provider's hosted billing portal. The page opens in a new tab by a
 * plain navigation, so the session id in its URL is the key to viewing it (as
 * at Stripe, for an hour). Its buttons change the subscription, so they must
 * prove the signed-in owner: the page's script sends the user's bearer token.
 */
@Controller()
export class LocalPortalController {
  constructor(@Inject(LocalStripeRuntime) private readonly local: LocalStripeRuntime) {}

  @Get(localPortalPage.path)
  async page(@Param('sessionId') sessionId: string, @Res() response: Response): Promise<void> {
    try {
      const view = await this.local.stripe.store.transaction((tx) => loadPortal(tx, sessionId));
      response.type('html').set('content-security-policy', PORTAL_PAGE_POLICY).send(renderPortalPage(view, `/api/local-billing/portal/${encodeURIComponent(sessionId)}`));
    } catch (error) {
      if (!(error instanceof LocalStripeError)) throw error;
      response.status(404).type('html').send(notFoundPage);
    }
  }

  @Post(localPortalAction.path)
  async act(
    @Param('sessionId') sessionId: string,
    @Param('action') action: string,
    @Body() body: { plan?: string } | undefined,
    @CurrentCaller() caller: Caller | undefined,
    @Res() response: Response,
  ): Promise<void> {
    const who = requireCaller(caller);
    if (!(PORTAL_ACTIONS as readonly string[]).includes(action)) {
      response.status(404).json({ error: 'Not Found', message: `The billing portal has no action "${action}".` });
      return;
    }
    const plan = body?.plan === 'monthly' || body?.plan === 'yearly' ? body.plan : undefined;
    try {
      await this.local.stripe.run(async (tx) => {
        await assertOwnsPortal(tx, (await portalSession(tx, sessionId)).customer, who.userId);
        await portalAction(tx, sessionId, action as PortalAction, plan);
      });
    } catch (error) {
      if (!(error instanceof LocalStripeError)) throw error;
      if (error.status === 404) return void response.status(404).json(expired);
      return void response.status(400).json({ error: 'Invalid request', message: error.message });
    }
    // The product has seen the change before the page shows it.
    await this.local.dispatcher.drain();
    response.redirect(303, `/api/local-billing/portal/${encodeURIComponent(sessionId)}`);
  }
}
