import { BadRequestException, Controller, Headers, HttpCode, Inject, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { CORRELATION_ID_HEADER, correlationIdOf, stripeWebhook } from '@jokes/contracts';
import type { Request } from 'express';
import { WebhookSignatureError } from '../gateway/billing-gateway.js';
import { HandleStripeWebhookHandler, type WebhookOutcome } from './handle-webhook.handler.js';

/**
 * The one webhook route, for Stripe and for the local provider alike. A
 * forged, tampered or stale delivery is answered 400 and changes nothing.
 */
@Controller()
export class StripeWebhookController {
  constructor(@Inject(HandleStripeWebhookHandler) private readonly webhooks: Pick<HandleStripeWebhookHandler, 'execute'>) {}

  @Post(stripeWebhook.path)
  @HttpCode(200)
  async receive(
    @Req() request: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature?: string,
    @Headers(CORRELATION_ID_HEADER) correlationHeader?: string,
  ): Promise<WebhookOutcome> {
    // The signature covers the body, not this header: only a UUID is kept (else the delivery's event id is used).
    const correlationId = correlationIdOf(correlationHeader);
    // The signature covers the exact bytes, so only the raw body will do.
    if (!request.rawBody) throw new BadRequestException({ error: 'Invalid payload', message: 'Expected a JSON body.' });
    try {
      return await this.webhooks.execute(request.rawBody, signature, correlationId);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new BadRequestException({ error: 'Invalid signature', message: error.message });
      throw error;
    }
  }
}
