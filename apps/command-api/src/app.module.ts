import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AuthModule } from './auth/auth.module.js';
import { BillingModule } from './billing/billing.module.js';
import { HealthController } from './health.controller.js';
import { ErrorFilter } from './http/error.filter.js';
import { IdempotencyModule } from './http/idempotency/idempotency.module.js';
import { InfrastructureModule } from './infrastructure/infrastructure.module.js';
import { JokesModule } from './jokes/jokes.module.js';
import { MailModule } from './mail/mail.module.js';

@Module({
  imports: [InfrastructureModule, IdempotencyModule, JokesModule, MailModule, AuthModule, BillingModule],
  controllers: [HealthController],
  providers: [{ provide: APP_FILTER, useClass: ErrorFilter }],
})
export class AppModule {}
