import { emailReservationStreamId, normalizeEmail } from '@jokes/domain';
import { keyedHash, type PersonalDataSecret } from '@jokes/event-store';

/**
 * Names an address's reservation stream by HMAC-SHA256 of the normalized
 * address under the key derived from PERSONAL_DATA_KEY_SECRET: the same address
 * always finds its stream, and the stream id says nothing to anyone without the
 * secret (stream ids are indexed and outlive every erasure).
 */
export class AddressHashes {
  constructor(private readonly secret: PersonalDataSecret) {}

  reservationStreamOf(email: string): string {
    return emailReservationStreamId(keyedHash(this.secret.hashKey, normalizeEmail(email)));
  }
}
