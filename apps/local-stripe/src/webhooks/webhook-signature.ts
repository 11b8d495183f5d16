import { createHmac } from 'node:crypto';

/**
 * Stripe's webhook signature: `Stripe-Signature: t={unix seconds},v1={hex}`,
 * where v1 is HMAC-SHA256 of `{t}.{raw body}` with the endpoint's secret.
 */
export function signWebhookPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
