import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import type { RateLimitName } from './rate-limit.policies.js';
import { RATE_LIMITED, RateLimitGuard } from './rate-limit.guard.js';

/**
 * Counts every request of the route against the named policy
 * (rate-limit.policies.ts), per client and per identity, 429 when over.
 * A route's guard runs after the global ones, IdempotencyGuard's included, so
 * a replayed Idempotency-Key answer is not charged again; it runs before the
 * handler validates its body, so a 400 is charged like any request.
 */
export const RateLimited = (name: RateLimitName) => applyDecorators(SetMetadata(RATE_LIMITED, name), UseGuards(RateLimitGuard));
