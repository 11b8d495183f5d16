import { Module } from '@nestjs/common';
import { migrate } from '@jokes/event-store';
import pg from 'pg';
import { PG_POOL } from '../infrastructure/infrastructure.module.js';
import { MailModule } from '../mail/mail.module.js';
import { AUTH_SETTINGS, authSettingsFromEnv, type AuthSettings } from './auth-settings.js';
import { BackgroundWork } from './background-work.js';
import { ApiKeyGuard } from './gotrue/api-key.guard.js';
import { REDIRECT_POLICY, RedirectPolicy } from './gotrue/redirect-policy.js';
import { GoTrueController } from './gotrue.controller.js';
import { AccountMailer } from './mails/account-mailer.js';
import { MailRequestLimits } from './mails/mail-request-limits.js';
import { SilentMailRequests } from './mails/silent-mail-requests.js';
import { PasswordHasher } from './passwords/password-hasher.js';
import { authMigrations } from './persistence/auth.migrations.js';
import { AuthUsers } from './persistence/auth-users.repository.js';
import { KnownClients } from './persistence/known-clients.repository.js';
import { OneTimeTokens } from './persistence/one-time-tokens.repository.js';
import { RateLimiter } from './persistence/rate-limiter.js';
import { Sessions } from './persistence/sessions.repository.js';
import { RecoveryRequest } from './recover/recovery-request.js';
import { ResendRequest } from './resend/resend-request.js';
import { CurrentSession } from './sessions/current-session.js';
import { SessionIssuer } from './sessions/session-issuer.js';
import { EmailReservations } from './signup/email-reservations.js';
import { SignupService } from './signup/signup.service.js';
import { PasswordAttemptLimits } from './tokens/password-attempt-limits.js';
import { TokenGrants } from './tokens/token-grants.js';
import { AccessTokens } from './tokens/access-token.js';
import { loadSigningKeySecret } from './tokens/signing-key-secret.js';
import { SigningKeys } from './tokens/signing-keys.js';
import { PasswordChanges } from './user/password-changes.js';
import { UserAccount } from './user/user-account.js';
import { UserCommands } from './user-commands.js';
import { Verification } from './verify/verification.js';
import { WellKnownController } from './well-known.controller.js';

/** The auth service of the write side: GoTrue-compatible `/auth/v1` (the product's own account endpoints are ../account's). */
@Module({
  imports: [MailModule],
  controllers: [GoTrueController, WellKnownController],
  providers: [
    { provide: AUTH_SETTINGS, useFactory: () => authSettingsFromEnv(process.env) },
    { provide: REDIRECT_POLICY, inject: [AUTH_SETTINGS], useFactory: (settings: AuthSettings) => new RedirectPolicy(settings.publicUrl, settings.redirectAllowList) },
    {
      // The auth tables exist before the keys are read, and before the first request.
      provide: SigningKeys,
      inject: [PG_POOL, AUTH_SETTINGS],
      useFactory: async (pool: pg.Pool, settings: AuthSettings) => {
        await migrate(pool, 'auth', authMigrations);
        const secret = loadSigningKeySecret(process.env, { dataDir: process.env.DATA_DIR || '.data', create: true });
        return SigningKeys.load(pool, { secret, accessTokenSeconds: settings.accessTokenSeconds });
      },
    },
    { provide: AccessTokens, inject: [SigningKeys, AUTH_SETTINGS], useFactory: (keys: SigningKeys, settings: AuthSettings) => new AccessTokens(keys, settings.issuer) },
    ApiKeyGuard,
    AuthUsers,
    Sessions,
    OneTimeTokens,
    RateLimiter,
    KnownClients,
    PasswordAttemptLimits,
    PasswordHasher,
    UserCommands,
    MailRequestLimits,
    BackgroundWork,
    EmailReservations,
    AccountMailer,
    SessionIssuer,
    CurrentSession,
    SignupService,
    TokenGrants,
    Verification,
    SilentMailRequests,
    RecoveryRequest,
    ResendRequest,
    PasswordChanges,
    UserAccount,
  ],
  // The account (../account) checks the password, ends sessions, records on the user stream and resets passwords.
  exports: [AUTH_SETTINGS, AuthUsers, PasswordHasher, Sessions, UserCommands, PasswordAttemptLimits, OneTimeTokens, AccessTokens, CurrentSession, UserAccount, PasswordChanges, RateLimiter],
})
export class AuthModule {}
