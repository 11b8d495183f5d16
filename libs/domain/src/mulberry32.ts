/**
 * mulberry32: a seeded PRNG of 32 bits of state, a full period of 2^32, small,
 * fast and the same everywhere, so a seed reproduces its output exactly (the
 * offline writer's jokes, test and benchmark data). Floats in [0, 1). Not for anything secret.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
