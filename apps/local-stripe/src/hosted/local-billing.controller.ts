import { Body, Controller, Get, HttpCode, Inject, Post, Res, UseGuards } from '@nestjs/common';
import { advanceBillingClock, confirmCard, confirmCardRequest, getBillingClock } from '@jokes/contracts';
import type { Response } from 'express';
import { InvalidClockMoveError } from '../stripe/billing-clock.js';
import { confirmWithCard } from '../stripe/confirm.js';
import { LocalStripeError } from '../stripe/errors.js';
import { LocalStripeRuntime } from '../local-stripe.runtime.js';
import { newId } from '../stripe/objects.js';
import { assertOwnsCheckout } from './ownership.js';
import { type Caller, CurrentCaller, DevToolGuard, parseOrBadRequest, requireCaller } from '@jokes/server';

/**
 * What Stripe.js and Stripe's test clocks do (with Stripe configured this
 * process does not run, and the edge answers 404). Each call waits until the webhooks it
 * caused were delivered, and answers the position they reached. Confirming a
 * card is the checkout owner's own act; the clock is a development tool.
 */
@Controller()
export class LocalBillingController {
  constructor(@Inject(LocalStripeRuntime) private readonly local: LocalStripeRuntime) {}

  @Post(confirmCard.path)
  @HttpCode(200)
  async confirm(@Body() body: unknown, @CurrentCaller() caller: Caller | undefined, @Res({ passthrough: true }) response: Response) {
    const who = requireCaller(caller);
    const request = parseOrBadRequest(confirmCardRequest, body);
    const card = { number: request.cardNumber, expiry: request.expiry, cvc: request.cvc };
    try {
      const result = await this.local.stripe.run(async (tx) => {
        await assertOwnsCheckout(tx, request.clientSecret, who.userId);
        return confirmWithCard(tx, request.clientSecret, card, { id: newId('req'), idempotency_key: null });
      });
      const { position } = await this.local.dispatcher.drain();
      if (result instanceof LocalStripeError) throw result;
      const { id, card: details } = result.paymentMethod;
      return { status: 'succeeded' as const, intentType: result.intentType, paymentMethod: { id, ...details }, position };
    } catch (error) {
      if (!(error instanceof LocalStripeError)) throw error;
      response.status(error.status);
      return { error: error.detail };
    }
  }

  @Get(getBillingClock.path)
  @UseGuards(DevToolGuard)
  async read() {
    return this.local.clock.read();
  }

  @Post(advanceBillingClock.path)
  @HttpCode(200)
  @UseGuards(DevToolGuard)
  async advance(@Body() body: unknown, @Res({ passthrough: true }) response: Response) {
    const request = parseOrBadRequest(advanceBillingClock.body!, body);
    try {
      const moved = await this.local.clock.advance('seconds' in request ? { seconds: request.seconds } : { to: new Date(request.to) });
      const { delivered, position } = await this.local.dispatcher.drain();
      return { ...moved, delivered, position };
    } catch (error) {
      if (!(error instanceof InvalidClockMoveError)) throw error;
      response.status(400);
      return { error: 'Invalid request', message: error.message };
    }
  }
}
