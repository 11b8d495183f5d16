// npm run erase-due
//
// Runs the privacy job once, by hand: every account whose deletion is due
// (ERASURE_AFTER_DAYS after the request) is erased, the payment records of
// people erased PAYMENT_RECORDS_YEARS ago become unreadable (their key is
// destroyed), and logs older than LOG_RETENTION_DAYS are removed. Idempotent;
// a run that was killed half-way is completed by the next. Uses DATABASE_URL, or the embedded server of a running
// `npm start` (PG_PORT, else the port it recorded in DATA_DIR), and the product's personal-data secret
// (PERSONAL_DATA_KEY_SECRET, or the development one in DATA_DIR).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runningDatabaseUrl } from '@jokes/event-store';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.env.DATABASE_URL = runningDatabaseUrl(process.env, root);
process.env.DATA_DIR = resolve(root, process.env.DATA_DIR ?? '.data');

interface Run {
  ran: boolean;
  erasures: Record<string, string>;
  paymentRecords: Record<string, string>;
  failures: Record<string, string>;
  retention: Record<string, number>;
}

try {
  // The built command API (npm run erase-due builds it first): its modules, its migrations, its job.
  const { eraseDue } = (await import(resolve(root, 'apps/command-api/dist/erase-due.js'))) as { eraseDue(): Promise<Run> };
  const run = await eraseDue();
  if (!run.ran) {
    process.stdout.write('Another process is running the privacy job right now; nothing done.\n');
  } else {
    const erased = Object.entries(run.erasures);
    process.stdout.write(`Erasures: ${erased.length === 0 ? 'none due' : erased.map(([userId, outcome]) => `${userId} ${outcome}`).join(', ')}\n`);
    const records = Object.entries(run.paymentRecords);
    process.stdout.write(`Payment records: ${records.length === 0 ? 'none due' : records.map(([userId, outcome]) => `${userId} ${outcome}`).join(', ')}\n`);
    process.stdout.write(`Retention: ${Object.entries(run.retention).map(([what, count]) => `${what} ${count}`).join(', ')}\n`);
    for (const [what, reason] of Object.entries(run.failures)) {
      const of = what.startsWith('payment-records:') ? `the payment records of ${what.slice('payment-records:'.length)}` : what;
      process.stderr.write(`Erasure of ${of} failed (the next run tries again): ${reason}\n`);
    }
    process.exitCode = Object.keys(run.failures).length > 0 ? 1 : 0;
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
