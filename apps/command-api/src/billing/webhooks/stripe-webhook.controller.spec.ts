import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import type { WebhookOutcome } from './handle-webhook.handler.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';

/** What the controller hands the webhook handler for one delivery with this X-Correlation-Id. */
async function commandFor(correlationHeader: string | undefined): Promise<{ correlationId: string | undefined }> {
  const sent: { correlationId: string | undefined }[] = [];
  const webhooks = {
    execute: async (_rawBody: Buffer, _signature: string | undefined, correlationId: string | undefined): Promise<WebhookOutcome> => {
      sent.push({ correlationId });
      return { received: true, appended: 0, position: null };
    },
  };
  const request = { rawBody: Buffer.from('{}') } as RawBodyRequest<Request>;
  await new StripeWebhookController(webhooks).receive(request, 't=1,v1=abc', correlationHeader);
  return sent[0]!;
}

describe('StripeWebhookController', () => {
  it("replaces a delivery's correlation id that is not a UUID (its signature does not cover headers)", async () => {
    expect((await commandFor('x'.repeat(5_000))).correlationId).toBeUndefined();
  });

  it("keeps a delivery's UUID correlation id", async () => {
    const correlationId = randomUUID();
    expect((await commandFor(correlationId)).correlationId).toBe(correlationId);
  });
});
