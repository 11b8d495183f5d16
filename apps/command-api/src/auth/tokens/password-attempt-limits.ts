import { clientKey } from '@jokes/server';
import { Inject, Injectable } from '@nestjs/common';
import { normalizeEmail } from '@jokes/domain';
import { AUTH_SETTINGS, type AuthSettings } from '../auth-settings.js';
import { GoTrueError, AuthErrors } from '../gotrue/gotrue-error.js';
import { KnownClients } from '../persistence/known-clients.repository.js';
import { RateLimiter, type WindowedRule } from '../persistence/rate-limiter.js';

/** One password attempt that got past the limits. Unless it succeeds, it keeps counting. */
export interface PasswordAttempt {
  /** The right password: the attempt does not count, and the client becomes known to the account. */
  succeeded(userId: string): Promise<void>;
}

type Scope = 'address-client' | 'client' | 'address';

/**
 * The password grant's limits (README "Rate limits"). Every attempt is
 * counted before the password is checked, so parallel guesses cannot slip
 * past a limit, and taken back unless it turns out wrong: right passwords and
 * refused attempts never count.
 *
 * - per (address, client): one guesser on one account is slowed; the owner
 *   elsewhere is not affected.
 * - per client: one guesser across many accounts; sized for a shared NAT, and
 *   a client that signed in to the account before is not held by it, so a
 *   noisy neighbour cannot shut colleagues out of their own accounts.
 * - per address, all clients: guessing spread over many clients. A lockout
 *   here would hand attackers a way to shut the owner out, so the owner keeps
 *   two ways in: any client the account signed in from lately, and a reset
 *   link (which also makes its client known). The password is not checked
 *   when refused, so the refusal tells nothing about it.
 */
@Injectable()
export class PasswordAttemptLimits {
  constructor(
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(KnownClients) private readonly knownClients: KnownClients,
  ) {}

  /** Counts an attempt for `email` from `ip`, or refuses it with GoTrue's 429. */
  async begin(email: string, ip: string, now = new Date()): Promise<PasswordAttempt> {
    const { windowSeconds, password: limits } = this.settings.rateLimits;
    const address = normalizeEmail(email);
    const client = clientKey(ip);
    const rules: (WindowedRule & { scope: Scope })[] = [
      { scope: 'address-client', bucket: `password:${address}|${client}`, limit: limits.perAddressAndClient, windowSeconds },
      { scope: 'client', bucket: `password-client:${client}`, limit: limits.perClient, windowSeconds },
      { scope: 'address', bucket: `password-address:${address}`, limit: limits.perAddress, windowSeconds: limits.addressWindowSeconds },
    ];
    const [counted, known] = await Promise.all([
      this.limiter.count(rules, now),
      this.knownClients.isKnown(address, client, new Date(now.getTime() - limits.knownClientSeconds * 1000)),
    ]);
    const binding = counted.over.filter((rule) => rule.scope === 'address-client' || !known);
    if (binding.length > 0) {
      await counted.release();
      throw binding.every((rule) => rule.scope === 'address') ? addressUnderAttack() : AuthErrors.overRequestRateLimit();
    }
    return {
      succeeded: async (userId) => {
        await counted.release();
        await this.signedIn(userId, ip, now);
      },
    };
  }

  /** A sign-in by any means (password, mailed link, PKCE code) makes its client known to the account. */
  async signedIn(userId: string, ip: string, now = new Date()): Promise<void> {
    const forgetBefore = new Date(now.getTime() - this.settings.rateLimits.password.knownClientSeconds * 1000);
    await this.knownClients.remember(userId, clientKey(ip), now, forgetBefore);
  }
}

/** Still GoTrue's 429 over_request_rate_limit, with words that show the owner the way in. */
const addressUnderAttack = () =>
  new GoTrueError(
    429,
    'over_request_rate_limit',
    'Too many failed sign-ins for this e-mail address from other networks. Sign in from a device you used before, or use "Forgot password" to get a sign-in link by e-mail.',
  );
