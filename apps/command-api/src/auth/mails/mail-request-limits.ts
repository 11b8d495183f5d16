import { clientKey } from '@jokes/server';
import { Inject, Injectable } from '@nestjs/common';
import { normalizeEmail } from '@jokes/domain';
import { AUTH_SETTINGS, type AuthSettings } from '../auth-settings.js';
import { AuthErrors } from '../gotrue/gotrue-error.js';
import { RateLimiter } from '../persistence/rate-limiter.js';

/** The requests that may send a mail to an address someone types in. */
export type MailRequest = 'signup' | 'recover' | 'resend';

/**
 * What every request that may send a mail counts, before any work: the mails
 * to the address and the requests from the client (by its key: an IPv6 client
 * by its /64), each shared by sign-up, recover and resend, so switching
 * between them buys nothing.
 */
@Injectable()
export class MailRequestLimits {
  constructor(
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  async count(_kind: MailRequest, email: string, ip: string, now: Date): Promise<void> {
    const { rateLimits } = this.settings;
    const over = await this.limiter.hit(
      [
        { bucket: `mail:${normalizeEmail(email)}`, limit: rateLimits.mailsPerAddress },
        { bucket: `mail-client:${clientKey(ip)}`, limit: rateLimits.requestsPerIp },
      ],
      rateLimits.windowSeconds,
      now,
    );
    if (over) throw over.bucket.startsWith('mail:') ? AuthErrors.overEmailSendRateLimit() : AuthErrors.overRequestRateLimit();
  }
}
