import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { RawBodyRequest } from '@nestjs/common';
import type { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { HandleStripeWebhookCommand } from './handle-webhook.command.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';

/** The command the controller sends for one delivery with this X-Correlation-Id. */
async function commandFor(correlationHeader: string | undefined): Promise<HandleStripeWebhookCommand> {
  const sent: HandleStripeWebhookCommand[] = [];
  const commandBus = { execute: async (command: HandleStripeWebhookCommand) => void sent.push(command) } as unknown as CommandBus;
  const request = { rawBody: Buffer.from('{}') } as RawBodyRequest<Request>;
  await new StripeWebhookController(commandBus).receive(request, 't=1,v1=abc', correlationHeader);
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
