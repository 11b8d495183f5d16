// The compose healthcheck of a product process: node infra/healthcheck.mjs <url> [mode]
// Healthy (exit 0) when the process's health endpoint answers 200, or with
//   --database-ok  when its body says the database is reachable (a target's
//                  /api/health says it in `services.database`, a lone app's
//                  /health in `database`): a backend catching up or standing
//                  by answers 503 meanwhile, and is healthy;
//   --answering    when it answers JSON at all: the edge's /api/health is the
//                  whole product's state, for operators, not the edge's own.
const [url, mode] = process.argv.slice(2);
if (!url) {
  process.stderr.write('usage: node infra/healthcheck.mjs <url> [--database-ok | --answering]\n');
  process.exit(2);
}
try {
  const answer = await fetch(url, { signal: AbortSignal.timeout(4000) });
  const body = await answer.json().catch(() => undefined);
  const healthy = mode === '--answering' ? body !== undefined : mode === '--database-ok' ? (body?.services?.database ?? body?.database) === 'ok' : answer.ok;
  if (!healthy) process.stderr.write(`${url}: ${answer.status} ${JSON.stringify(body)}\n`);
  process.exit(healthy ? 0 : 1);
} catch (error) {
  process.stderr.write(`${url}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
