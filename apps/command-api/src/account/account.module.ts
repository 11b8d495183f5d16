import { Module } from '@nestjs/common';
import { migrate } from '@jokes/event-store';
import type pg from 'pg';
import { AuthModule } from '../auth/auth.module.js';
import { BillingModule } from '../billing/billing.module.js';
import { PG_POOL } from '../infrastructure/infrastructure.module.js';
import { AccountPrivacyController } from './account.controller.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { AccountDeletions } from './account-deletions.repository.js';
import { accountMigrations } from './account.migrations.js';
import { AccountController } from './credentials.controller.js';
import { ErasureService } from './erasure.service.js';
import { PaymentRecordsErasure } from './payment-records.service.js';
import { PersonalEventsReader } from './personal-events.js';
import { PrivacyJob } from './privacy-job.js';
import { PRIVACY_SETTINGS, privacySettingsFromEnv } from './privacy.settings.js';
import { RecoveryCredentials } from './recovery-credentials.js';
import { UnconfirmedAccounts } from './unconfirmed-accounts.js';

/** The person's account: sign-out and password reset; and issue 11: export, deletion, erasure, the end of payment records and retention. */
@Module({
  imports: [AuthModule, BillingModule],
  controllers: [AccountController, AccountPrivacyController],
  providers: [
    {
      // The to-do table exists before the job or a request uses it.
      provide: PRIVACY_SETTINGS,
      inject: [PG_POOL],
      useFactory: async (pool: pg.Pool) => {
        await migrate(pool, 'account', accountMigrations);
        return privacySettingsFromEnv(process.env);
      },
    },
    AccountDeletions,
    AccountDeletionService,
    PersonalEventsReader,
    ErasureService,
    PaymentRecordsErasure,
    UnconfirmedAccounts,
    PrivacyJob,
    RecoveryCredentials,
  ],
  exports: [PrivacyJob],
})
export class AccountModule {}
