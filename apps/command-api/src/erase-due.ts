import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { PrivacyJob, type PrivacyJobRun } from './account/privacy-job.js';

/**
 * One run of the privacy job outside the server (`npm run erase-due`): the
 * command API's own modules on the configured database, no HTTP. The same
 * advisory lock as the job inside the product, so running it while the
 * product runs is safe: whichever comes second skips.
 */
export async function eraseDue(): Promise<PrivacyJobRun> {
  process.env.PRIVACY_JOB_INTERVAL_MS = '0';
  const app = await NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn'] });
  try {
    return await app.get(PrivacyJob).run();
  } finally {
    await app.close();
  }
}
