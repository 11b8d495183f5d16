import { SEALED_DATA } from '@jokes/domain';
import { loadPersonalDataSecret, PersonalDataCodec, PersonalDataKeys, withPersonalData, type Projection } from '@jokes/event-store';

let codec: PersonalDataCodec | undefined;

/**
 * The codec of the product's personal-data and payment-records policy, made on the first sealed
 * event: the secret is PERSONAL_DATA_KEY_SECRET, or the development one the
 * command API generated in DATA_DIR. Keys are read in each batch's transaction.
 */
function personalDataCodec(): PersonalDataCodec {
  codec ??= new PersonalDataCodec(SEALED_DATA, new PersonalDataKeys(loadPersonalDataSecret(process.env, { dataDir: process.env.DATA_DIR || '.data', create: false })));
  return codec;
}

/** For a read model that shows sealed fields (users; subscriptions and entitlements, the payment records): its events opened, or erased once the key is gone. */
export function readingPersonalData(projection: Projection): Projection {
  return withPersonalData(projection, personalDataCodec);
}
