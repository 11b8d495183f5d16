import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { RequestInputGuard } from '@jokes/server';
import { AccountModule } from './account/account.module.js';
import { AnalyticsModule } from './analytics/analytics.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BillingModule } from './billing/billing.module.js';
import { commandErrorFilter } from './command-errors.js';
import { CommandHealth, HealthController } from './health.controller.js';
import { IdempotencyModule } from './http/idempotency/idempotency.module.js';
import { InfrastructureModule } from './infrastructure/infrastructure.module.js';
import { JokesModule } from './jokes/jokes.module.js';
import { MailModule } from './mail/mail.module.js';
import { ModerationModule } from './moderation/moderation.module.js';
import { RateLimitsModule } from './rate-limits/rate-limits.module.js';
import { SpendModule } from './spend/spend.module.js';
import { VoiceModule } from './voice/voice.module.js';

@Module({
  imports: [InfrastructureModule, IdempotencyModule, RateLimitsModule, SpendModule, JokesModule, AnalyticsModule, MailModule, AuthModule, BillingModule, VoiceModule, AccountModule, ModerationModule],
  controllers: [HealthController],
  providers: [
    CommandHealth,
    { provide: APP_FILTER, useFactory: commandErrorFilter },
    // Before any handler: path params by their contract, no unsafe string anywhere in the input.
    { provide: APP_GUARD, useClass: RequestInputGuard },
  ],
})
export class AppModule {}
