import { randomUuid } from '../ids/random-uuid';

/** Where this browser keeps its anonymous visitor id. */
export const VISITOR_ID_KEY = 'analyticsVisitorId';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type IdStorage = Pick<Storage, 'getItem' | 'setItem'>;

// Only for a browser without usable storage: the id then lasts as long as the page.
let pageOnlyId: string | null = null;

/**
 * The anonymous visitor id (DESIGN 16): a random UUID kept in localStorage, so
 * one browser counts as one visitor across visits and reloads. It is never
 * derived from the user, and signing in or out does not change it.
 */
export function visitorId(storage: IdStorage | null = localStorageOrNull()): string {
  try {
    if (storage === null) throw new Error('no storage');
    const stored = storage.getItem(VISITOR_ID_KEY);
    if (stored !== null && UUID.test(stored)) return stored;
    const created = randomUuid();
    storage.setItem(VISITOR_ID_KEY, created);
    return created;
  } catch {
    return (pageOnlyId ??= randomUuid());
  }
}

function localStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
