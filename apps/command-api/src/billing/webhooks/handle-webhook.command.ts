export class HandleStripeWebhookCommand {
  constructor(
    readonly rawBody: Buffer,
    readonly signature: string | undefined,
    readonly correlationId: string | undefined,
  ) {}
}

export interface WebhookOutcome {
  received: true;
  appended: number;
  position: string | null;
}
