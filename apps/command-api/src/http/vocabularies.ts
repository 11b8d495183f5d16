import type { JOKE_LENGTHS, SHARE_PLATFORM_VALUES } from '@jokes/contracts';
import type { JokeLength, SharePlatform } from '@jokes/domain';

/**
 * The vocabularies both sides name: the contracts list them for the wire (zod,
 * nothing of ours), the domain for its rules, and neither may import the other.
 * Here, where a request becomes a command, the compiler holds them equal: a
 * length or a platform added on one side only fails `npm run typecheck`.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const LENGTHS_AGREE: Same<(typeof JOKE_LENGTHS)[number], JokeLength> = true;
export const SHARE_PLATFORMS_AGREE: Same<(typeof SHARE_PLATFORM_VALUES)[number], SharePlatform> = true;
