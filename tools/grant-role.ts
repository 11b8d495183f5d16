// npm run grant-role -- <email> <role> [--revoke]
//
// Gives a user a product role (analyst, support or admin) by appending
// RoleGranted to their stream `user-{id}`; --revoke appends RoleRevoked. The
// role reaches the user's token (app_metadata.roles) at their next sign-in or
// token refresh; a revoked role also voids the user's tokens that carry it
// (every API refuses them within 5 s), so it is gone at once. Uses DATABASE_URL, or the embedded server of a running
// `npm start` (PG_PORT, else the port it recorded in DATA_DIR); the events go where the product keeps
// them (KurrentDB when EVENTSTORE_URL is set), the person's keys stay in PostgreSQL.
import { randomUUID } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emailReservationStreamId, normalizeEmail, PERSONAL_DATA, PRODUCT_ROLES, reservationOwner, userDecider, userStreamId } from '@jokes/domain';
import {
  eventMetadata,
  handleCommand,
  keyedHash,
  loadPersonalDataSecret,
  openKeptEvents,
  PersonalDataCodec,
  PersonalDataEventStore,
  PersonalDataKeys,
  runningDatabaseUrl,
} from '@jokes/event-store';
import { announceRevocations, intFromEnv, restoreRoleTokens, revokeRoleTokens } from '@jokes/server';
import pg from 'pg';

const [email, role, flag] = process.argv.slice(2);
if (!email || !role || (flag !== undefined && flag !== '--revoke')) {
  process.stderr.write(`Usage: npm run grant-role -- <email> <role> [--revoke]\nRoles: ${PRODUCT_ROLES.join(', ')}\n`);
  process.exit(2);
}
const revoke = flag === '--revoke';
const url = runningDatabaseUrl(process.env);
const pool = new pg.Pool({ connectionString: url, max: 2 });
const kept = await openKeptEvents(process.env.EVENTSTORE_URL, pool);
// The same personal-data secret as the product (PERSONAL_DATA_KEY_SECRET, or the development one in DATA_DIR).
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const secret = loadPersonalDataSecret(process.env, { dataDir: resolve(root, process.env.DATA_DIR ?? '.data'), create: false });
const store = new PersonalDataEventStore(kept.events, new PersonalDataCodec(PERSONAL_DATA, new PersonalDataKeys(secret, pool)));

async function main(): Promise<number> {
  // The e-mail reservation is the authority on who owns an address.
  const userId = reservationOwner(await store.readStream(emailReservationStreamId(keyedHash(secret.hashKey, normalizeEmail(email!)))));
  if (!userId) {
    process.stderr.write(`No account uses ${email}.\n`);
    return 1;
  }
  const by = `cli:${userInfo().username}@${hostname()}`;
  const now = new Date();
  const command = { type: revoke ? 'RevokeRole' : 'GrantRole', data: { userId, role: role!, by } } as const;
  const { newEvents } = await handleCommand(store, userStreamId(userId), userDecider, command, {
    context: { now },
    metadata: eventMetadata({ correlationId: randomUUID(), actor: by, causationId: randomUUID(), time: now, command: command.type }),
    // A sign-in of the same user may append meanwhile.
    retries: 2,
  });
  // The wake-up after the append (PostgreSQL), before the process ends.
  await kept.postgres?.flush();
  // After the event: a token issued from now on no longer carries the role, so only earlier ones are voided.
  // Also when there was nothing to append: a run stopped between the event and this line is completed.
  if (revoke) await revokeRoleTokens(pool, userId, role!, new Date(now.getTime() + intFromEnv(process.env, 'AUTH_ACCESS_TOKEN_SECONDS', 3600) * 1000));
  else await restoreRoleTokens(pool, userId, role!);
  await announceRevocations(pool);
  if (newEvents.length === 0) {
    process.stdout.write(`${email} ${revoke ? 'does not have' : 'already has'} the role ${role}; nothing to do.\n`);
    return 0;
  }
  process.stdout.write(
    revoke
      ? `Revoked ${role} from ${email} (user ${userId}). Their tokens that carry it are refused within 5 s; a token refresh gives them new ones.\n`
      : `Granted ${role} to ${email} (user ${userId}). It takes effect at their next sign-in or token refresh.\n`,
  );
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await kept.close();
  await pool.end();
}
