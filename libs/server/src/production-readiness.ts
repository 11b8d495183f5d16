/**
 * What a production deployment (NODE_ENV=production) must not run on: each
 * development default, with what to set instead. Empty outside production.
 */
export function productionReadinessProblems(env: NodeJS.ProcessEnv): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!env.STRIPE_SECRET_KEY?.trim()) {
    problems.push(
      'STRIPE_SECRET_KEY is not set, so billing would use the local test provider (no real payments, development tools). ' +
        'Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET.',
    );
  }
  // A hosted Supabase project (SUPABASE_URL) sends the account mails and signs
  // the tokens itself; the built-in /auth/v1 then does neither.
  const builtInAuth = !env.SUPABASE_URL?.trim();
  if (builtInAuth && !env.SMTP_URL?.trim()) {
    problems.push('SMTP_URL is not set, so confirmation and reset mails would only be written to the file outbox. Set SMTP_URL (and MAIL_FROM).');
  }
  if (builtInAuth && !env.AUTH_SIGNING_KEY_SECRET?.trim()) {
    problems.push(
      'AUTH_SIGNING_KEY_SECRET is not set, so the JWT signing keys would be protected by the development key in DATA_DIR. ' +
        'Set AUTH_SIGNING_KEY_SECRET to a long random secret kept outside the data directory.',
    );
  }
  // Personal data is sealed by the command API and opened by the projectors whatever the auth is.
  if (!env.PERSONAL_DATA_KEY_SECRET?.trim()) {
    problems.push(
      'PERSONAL_DATA_KEY_SECRET is not set, so the keys that encrypt personal data (and the hashes of e-mail addresses) would hang on the development key in DATA_DIR. ' +
        'Set PERSONAL_DATA_KEY_SECRET to a long random secret kept outside the data directory and the database backups.',
    );
  }
  return problems;
}

export class UnsafeProductionConfigError extends Error {
  override readonly name = 'UnsafeProductionConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`Refusing to start with NODE_ENV=production on development defaults:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Throws UnsafeProductionConfigError naming every problem at once, so one restart fixes them all. */
export function assertProductionReady(env: NodeJS.ProcessEnv): void {
  const problems = productionReadinessProblems(env);
  if (problems.length > 0) throw new UnsafeProductionConfigError(problems);
}

/**
 * For a process's entry point: on an unsafe production configuration, say why
 * on stderr and exit with status 1 (a stack trace would bury the message).
 */
export function exitUnlessProductionReady(env: NodeJS.ProcessEnv, service: string): void {
  try {
    assertProductionReady(env);
  } catch (error) {
    if (!(error instanceof UnsafeProductionConfigError)) throw error;
    process.stderr.write(`[${service}] ${error.message}\n`);
    process.exit(1);
  }
}
