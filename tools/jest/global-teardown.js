export default async function globalTeardown() {
  const postgres = globalThis.__jokesTestPostgres;
  if (!postgres) return;
  globalThis.__jokesTestPostgres = undefined;
  await postgres.stop();
}
