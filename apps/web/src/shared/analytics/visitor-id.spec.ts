import { describe, expect, it } from '@jest/globals';
import { VISITOR_ID_KEY, visitorId } from './visitor-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
}

describe('the anonymous visitor id', () => {
  it('is a random UUID, made once and kept in the browser’s storage', () => {
    const storage = memoryStorage();

    const first = visitorId(storage);

    expect(first).toMatch(UUID_V4);
    expect(storage.values.get(VISITOR_ID_KEY)).toBe(first);
    expect(visitorId(storage)).toBe(first);
  });

  it('is different in another browser', () => {
    expect(visitorId(memoryStorage())).not.toBe(visitorId(memoryStorage()));
  });

  it('replaces a stored value that is not a UUID', () => {
    const storage = memoryStorage({ [VISITOR_ID_KEY]: 'ann@example.com' });

    expect(visitorId(storage)).toMatch(UUID_V4);
  });

  it('lasts as long as the page when storage is refused', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };

    expect(visitorId(refusing)).toMatch(UUID_V4);
    expect(visitorId(refusing)).toBe(visitorId(null));
  });
});
