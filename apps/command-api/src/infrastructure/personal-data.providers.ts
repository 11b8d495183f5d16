import type { InjectionToken, Provider } from '@nestjs/common';
import { SEALED_DATA } from '@jokes/domain';
import {
  loadPersonalDataSecret,
  PersonalDataCodec,
  PersonalDataEventStore,
  PersonalDataKeys,
  sealPlainEvents,
  type EventStore,
  type PersonalDataSecret,
} from '@jokes/event-store';
import { log } from '@jokes/server';
import type pg from 'pg';
import { AddressHashes } from './address-hashes.js';

export const PERSONAL_DATA_SECRET = Symbol('PERSONAL_DATA_SECRET');

/**
 * Crypto-shredding on the write side (issue 11): the keys table, the codec that
 * seals and opens personal fields and payment records, the address hashes, and the one-off sealing
 * of events stored in plain by earlier versions (run at start-up, before the
 * first request; it finds nothing the second time).
 */
export function personalDataProviders(poolToken: symbol, eventsTableToken: InjectionToken): Provider[] {
  return [
    { provide: PERSONAL_DATA_SECRET, useFactory: () => loadPersonalDataSecret(process.env, { dataDir: process.env.DATA_DIR || '.data', create: true }) },
    { provide: AddressHashes, inject: [PERSONAL_DATA_SECRET], useFactory: (secret: PersonalDataSecret) => new AddressHashes(secret) },
    {
      provide: PersonalDataKeys,
      // eventsTableToken first: the events table exists before the plain ones are sealed.
      inject: [PERSONAL_DATA_SECRET, poolToken, AddressHashes, eventsTableToken],
      useFactory: async (secret: PersonalDataSecret, pool: pg.Pool, hashes: AddressHashes) => {
        const keys = new PersonalDataKeys(secret, pool);
        await keys.migrate(pool);
        const uncached = new PersonalDataCodec(SEALED_DATA, new PersonalDataKeys(secret, pool, { cacheMs: 0 }));
        const migrated = await sealPlainEvents(pool, uncached, { reservationStreamOf: (address) => hashes.reservationStreamOf(address) });
        if (migrated.sealed + migrated.renamedStreams > 0) log('info', 'personal data: sealed events stored in plain', { ...migrated });
        return keys;
      },
    },
    { provide: PersonalDataCodec, inject: [PersonalDataKeys], useFactory: (keys: PersonalDataKeys) => new PersonalDataCodec(SEALED_DATA, keys) },
  ];
}

/** The event store every handler gets: appends sealed, reads opened. */
export function personalDataEventStore(inner: EventStore, codec: PersonalDataCodec): EventStore {
  return new PersonalDataEventStore(inner, codec);
}
