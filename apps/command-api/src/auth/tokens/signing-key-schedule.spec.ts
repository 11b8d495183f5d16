import { describe, expect, it } from '@jest/globals';
import { isPublished, PUBLISH_LEAD_SECONDS, RELOAD_INTERVAL_MS, retiresAt, rotationTakesOverAt, signerAt, type ScheduledKey } from './signing-key-schedule.js';

const at = (seconds: number) => new Date(Date.UTC(2030, 0, 1) + seconds * 1000);
const lifetime = 3600;

// A key in use since 0, rotated at 1000: the new key takes over at 1000 + lead.
const takeover = (rotationTakesOverAt(at(1000)).getTime() - at(0).getTime()) / 1000;
const old: ScheduledKey = { kid: 'old', signsFrom: at(0), signsUntil: at(takeover) };
const fresh: ScheduledKey = { kid: 'new', signsFrom: at(takeover), signsUntil: null };

describe('after a rotation', () => {
  it('keeps signing with the old key until the new one has been published long enough', () => {
    expect(signerAt([old, fresh], at(1000))?.kid).toBe('old');
    expect(signerAt([old, fresh], at(takeover - 1))?.kid).toBe('old');
    expect(signerAt([old, fresh], at(takeover))?.kid).toBe('new');
  });

  it('publishes the new key at once, longer before it signs than the APIs may wait to refetch keys (30 s) plus a reload', () => {
    expect(isPublished(fresh, at(1000), lifetime)).toBe(true);
    expect(PUBLISH_LEAD_SECONDS).toBeGreaterThan(30 + RELOAD_INTERVAL_MS / 1000);
  });

  it('keeps the old key published until its last token has expired, plus a margin, then retires it', () => {
    const lastExpiry = takeover + lifetime;
    expect(isPublished(old, at(lastExpiry), lifetime)).toBe(true);
    expect(retiresAt(old, lifetime)!.getTime()).toBeGreaterThan(at(lastExpiry).getTime());
    expect(isPublished(old, retiresAt(old, lifetime)!, lifetime)).toBe(false);
  });
});

describe('the only key', () => {
  it('signs and stays published', () => {
    const only: ScheduledKey = { kid: 'only', signsFrom: at(0), signsUntil: null };
    expect(signerAt([only], at(5))?.kid).toBe('only');
    expect(isPublished(only, at(10_000_000), lifetime)).toBe(true);
  });
});
