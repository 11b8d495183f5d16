import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for two jobs: wrapping each person's data key under the key from
 * the environment, and sealing the personal fields of one event under the
 * person's data key. Pure: no storage, no clock.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The sealed personal fields as stored in an event's data under `$personal`. */
export interface SealedFields {
  /** Format version of this object. */
  v: 1;
  /** Whose key opens it (a user id). */
  subject: string;
  /** base64 of iv (12) | ciphertext | tag (16). */
  box: string;
}

export const SEALED_FIELD = '$personal';

/** A person's data key with the two keys derived from it (one to encrypt, one to make the synthetic IV). */
export interface DataKey {
  subject: string;
  encryption: Buffer;
  iv: Buffer;
}

export function newDataKeyMaterial(): Buffer {
  return randomBytes(32);
}

export function dataKeyOf(subject: string, material: Buffer): DataKey {
  const derive = (label: string) => Buffer.from(hkdfSync('sha256', material, subject, label, 32));
  return { subject, encryption: derive('fields aes-256-gcm'), iv: derive('fields synthetic iv') };
}

function seal(key: Buffer, iv: Buffer, plaintext: Buffer, aad: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

function open(key: Buffer, box: Buffer, aad: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, box.subarray(0, IV_BYTES));
  decipher.setAAD(aad);
  decipher.setAuthTag(box.subarray(box.length - TAG_BYTES));
  return Buffer.concat([decipher.update(box.subarray(IV_BYTES, box.length - TAG_BYTES)), decipher.final()]);
}

/** The data key as stored: encrypted under the key-encryption key, bound to its subject (a row moved to another subject does not open). */
export function wrapDataKey(keyEncryptionKey: Buffer, subject: string, material: Buffer): Buffer {
  return seal(keyEncryptionKey, randomBytes(IV_BYTES), material, Buffer.from(`personal-data-key:${subject}`));
}

export function unwrapDataKey(keyEncryptionKey: Buffer, subject: string, wrapped: Buffer): Buffer {
  return open(keyEncryptionKey, wrapped, Buffer.from(`personal-data-key:${subject}`));
}

/**
 * Seals one event's personal fields. The IV is synthetic (an HMAC of the event
 * id, type and plaintext under a key of its own): the same event sealed twice
 * gives the same bytes, so an append retried with the same event id is still
 * recognised as the same append, and two different plaintexts never share an
 * IV. The event id and type are authenticated too: a box copied into another
 * event does not open.
 */
export function sealFields(key: DataKey, event: { eventId: string; type: string }, fields: Record<string, unknown>): SealedFields {
  const plaintext = Buffer.from(JSON.stringify(fields));
  const aad = Buffer.from(`${event.type}:${event.eventId}:${key.subject}`);
  const iv = createHmac('sha256', key.iv).update(aad).update('\0').update(plaintext).digest().subarray(0, IV_BYTES);
  return { v: 1, subject: key.subject, box: seal(key.encryption, iv, plaintext, aad).toString('base64') };
}

export function openFields(key: DataKey, event: { eventId: string; type: string }, sealed: SealedFields): Record<string, unknown> {
  const aad = Buffer.from(`${event.type}:${event.eventId}:${key.subject}`);
  return JSON.parse(open(key.encryption, Buffer.from(sealed.box, 'base64'), aad).toString('utf8')) as Record<string, unknown>;
}

/** HMAC-SHA256 in hex: names a reservation stream after an address without containing it. */
export function keyedHash(hashKey: Buffer, value: string): string {
  return createHmac('sha256', hashKey).update(value).digest('hex');
}
