import { emailReservationStreamId, normalizeEmail } from '@jokes/domain';
import { keyedHash, loadPersonalDataSecret } from '@jokes/event-store';

/** The reservation stream the running stack names an address's by: a keyed hash under the stack's personal-data secret (in its DATA_DIR). */
export function reservationStreamOf(dataDir: string, email: string): string {
  const secret = loadPersonalDataSecret({}, { dataDir, create: false });
  return emailReservationStreamId(keyedHash(secret.hashKey, normalizeEmail(email)));
}
