import type { Random } from '../seeded-random.js';

/** A Beta posterior: alpha - 1 successes and beta - 1 failures seen from a uniform prior (see `formPosteriors`). */
export interface Posterior {
  alpha: number;
  beta: number;
}

/** What a form nobody has rated yet is believed to be: anything, uniformly, so new forms still get tried. */
export const UNIFORM_PRIOR: Posterior = { alpha: 1, beta: 1 };

/** A standard normal draw (Box-Muller). */
function normal(random: Random): number {
  const u = 1 - random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
}

/** A Gamma(shape, 1) draw: Marsaglia and Tsang's method, boosted below shape 1. */
function gamma(shape: number, random: Random): number {
  if (shape < 1) return gamma(shape + 1, random) * (1 - random.next()) ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = 1 - random.next();
    if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

/** A draw from Beta(alpha, beta). */
export function sampleBeta({ alpha, beta }: Posterior, random: Random): number {
  const x = gamma(alpha, random);
  const y = gamma(beta, random);
  return x / (x + y);
}

/**
 * Thompson sampling: one draw from each arm's posterior, the highest wins. An
 * arm is chosen as often as it is likely to be the best, so a form the
 * audience loves wins most draws while an uncertain one still wins some.
 */
export function thompsonChoice<Arm extends object>(arms: readonly Arm[], posteriorOf: (arm: Arm) => Posterior, random: Random): Arm {
  if (arms.length === 0) throw new RangeError('Cannot choose from no arms');
  let best = arms[0]!;
  let bestDraw = -1;
  for (const arm of arms) {
    const draw = sampleBeta(posteriorOf(arm), random);
    if (draw > bestDraw) [best, bestDraw] = [arm, draw];
  }
  return best;
}
