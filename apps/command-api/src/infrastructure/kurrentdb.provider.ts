import type { Provider } from '@nestjs/common';
import { openKurrentDbEventStore, type KurrentDbEventStore } from '@jokes/event-store';
import { log } from '@jokes/server';

/** The KurrentDB event store when EVENTSTORE_URL names one (`kurrentdb://` or `esdb://`); null keeps the events in PostgreSQL. */
export const KURRENTDB_EVENT_STORE = Symbol('KURRENTDB_EVENT_STORE');

export const kurrentDbProvider: Provider = {
  provide: KURRENTDB_EVENT_STORE,
  useFactory: async (): Promise<KurrentDbEventStore | null> => {
    const url = process.env.EVENTSTORE_URL?.trim();
    if (!url) return null;
    log('info', 'events are kept in KurrentDB', { url: url.replace(/\/\/[^@/]*@/, '//***@') });
    return openKurrentDbEventStore(url, { log });
  },
};
