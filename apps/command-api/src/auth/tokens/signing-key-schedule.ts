/**
 * When each signing key signs and when it is published (pure). A key is in
 * the JWKS before it signs and stays there until every token it signed has
 * expired, so no verifier ever meets a token whose key it cannot find.
 */
export interface ScheduledKey {
  kid: string;
  signsFrom: Date;
  /** When its successor took over; null while it is the newest key. */
  signsUntil: Date | null;
}

/** Every command API re-reads the keys this often (signing-keys.ts). */
export const RELOAD_INTERVAL_MS = 5_000;

/**
 * How long a new key is published before it signs: the reload interval, for
 * every command API to publish and know it; 30 s, the APIs' JWKS cooldown
 * (libs/server token-verifier: an unknown kid refetches at most every 30 s)
 * and the JWKS `max-age`; and 5 s for clocks and slow fetches. A verifier that
 * fetched the keys just before the rotation may refetch by the time the first
 * token of the new key reaches it.
 */
export const PUBLISH_LEAD_SECONDS = RELOAD_INTERVAL_MS / 1000 + 30 + 5;

/** After the last token of a key has expired: for clock differences and a process that reloaded late. */
export const RETIRE_MARGIN_SECONDS = 300;

/** The key that signs at `now`: the one that took over last. */
export function signerAt<Key extends ScheduledKey>(keys: readonly Key[], now: Date): Key | undefined {
  const started = keys.filter((key) => key.signsFrom.getTime() <= now.getTime());
  const pool = started.length > 0 ? started : keys;
  return [...pool].sort((a, b) => b.signsFrom.getTime() - a.signsFrom.getTime() || a.kid.localeCompare(b.kid))[0];
}

/** When a key leaves the JWKS: its last token's expiry plus the margin (null: not yet known). */
export function retiresAt(key: ScheduledKey, accessTokenSeconds: number): Date | null {
  if (!key.signsUntil) return null;
  return new Date(key.signsUntil.getTime() + (accessTokenSeconds + RETIRE_MARGIN_SECONDS) * 1000);
}

export function isPublished(key: ScheduledKey, now: Date, accessTokenSeconds: number): boolean {
  const retirement = retiresAt(key, accessTokenSeconds);
  return retirement === null || retirement.getTime() > now.getTime();
}

/** A rotation at `now`: the new key signs from this time on. */
export const rotationTakesOverAt = (now: Date): Date => new Date(now.getTime() + PUBLISH_LEAD_SECONDS * 1000);
