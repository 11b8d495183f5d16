import { Controller, Get, Header, Inject, UseFilters, UseGuards } from '@nestjs/common';
import { ReadsOwnToken } from '@jokes/server';
import type { JWK } from 'jose';
import { ApiKeyGuard, OpenWithoutApiKey } from './gotrue/api-key.guard.js';
import { GoTrueErrorFilter } from './gotrue/gotrue-error.filter.js';
import { SigningKeys } from './tokens/signing-keys.js';

/** Key discovery, settings and health, as GoTrue publishes them. */
@ReadsOwnToken()
@Controller('auth/v1')
@UseFilters(GoTrueErrorFilter)
@UseGuards(ApiKeyGuard)
export class WellKnownController {
  constructor(@Inject(SigningKeys) private readonly keys: SigningKeys) {}

  /**
   * Public keys only; the APIs (and supabase-js `getClaims`) verify tokens with
   * them. Cached briefly: a rotated key signs PUBLISH_LEAD_SECONDS after it is
   * published, and a cache must have let go of the older list by then.
   */
  @Get('.well-known/jwks.json')
  @OpenWithoutApiKey()
  @Header('Cache-Control', 'public, max-age=30')
  jwks(): { keys: JWK[] } {
    return this.keys.jwks();
  }

  @Get('settings')
  settings(): object {
    return {
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    };
  }

  @Get('health')
  @OpenWithoutApiKey()
  health(): object {
    return { version: 'standup-jokes', name: 'GoTrue', description: 'GoTrue-compatible auth of the Standup Jokes product' };
  }
}
