import type { Projection } from '../projections/projection.js';
import type { StoredEvent } from '../port/types.js';
import { sealedOf, type PersonalDataCodec } from './personal-data-codec.js';

/**
 * A projection that reads personal fields: each batch is opened first, with
 * the keys as they are in the batch's own transaction, so a rebuild after an
 * erasure shows the person erased. `codec` is made on first use (a projector
 * whose events hold nothing sealed never needs the secret).
 */
export function withPersonalData(projection: Projection, codec: () => PersonalDataCodec): Projection {
  return {
    ...projection,
    tables: projection.tables,
    // Opening a sealed field takes the event's id (its additional data): every field is read.
    reads: 'all',
    apply: async (client, events, tables) => {
      const whole = events as readonly StoredEvent[];
      return projection.apply(client, whole.some((event) => sealedOf(event.data)) ? await codec().open(whole, client) : whole, tables);
    },
  };
}
