import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import type { RateLimitName } from './rate-limit.policies.js';
import { RATE_LIMITED, RateLimitInterceptor } from './rate-limit.interceptor.js';

/**
 * Counts every request of the route against the named policy
 * (rate-limit.policies.ts), per client and per identity, 429 when over.
 * A method interceptor runs inside the global IdempotencyInterceptor, so a
 * replayed Idempotency-Key answer is not charged again; it runs before the
 * handler validates its body, so a 400 is charged like any request.
 */
export const RateLimited = (name: RateLimitName) => applyDecorators(SetMetadata(RATE_LIMITED, name), UseInterceptors(RateLimitInterceptor));
