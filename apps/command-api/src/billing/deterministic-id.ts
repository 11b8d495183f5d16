import { createHash } from 'node:crypto';

/** Namespace of the event ids derived from payment-provider event ids (random, fixed forever). */
export const WEBHOOK_EVENT_NAMESPACE = '0b9f6a52-4c3e-4d1a-9a57-3f0c2e8d7b14';

/**
 * RFC 9562 UUID version 5 (SHA-1 of namespace + name). A webhook's events get
 * ids derived from the provider's event id, so a redelivery that slips past
 * the replay check still cannot append twice: the store refuses the same ids.
 */
export function uuidV5(name: string, namespace = WEBHOOK_EVENT_NAMESPACE): string {
  const hash = createHash('sha1').update(Buffer.from(namespace.replaceAll('-', ''), 'hex')).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
