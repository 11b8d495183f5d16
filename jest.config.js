// One Jest run over every project, so the PostgreSQL used by integration tests
// is started once (global setup) and shared; each suite makes its own database.
export default {
  // A clean clone runs every project at once on 2 cores; per-test budgets are
  // about hangs, not speed (performance lives in npm run bench).
  testTimeout: 30_000,
  // Setting this also keeps Jest from running every suite inside its own process (what it does
  // with one worker, on 2 cores): the one worker is replaced whenever a suite left it holding
  // more than this, so what a suite leaks (a Nest app's timers, a pool) dies with its worker
  // instead of piling up until the heap runs out (a full run died at suite 135 of 274 with 8 GB).
  workerIdleMemoryLimit: '1500MB',
  projects: [
    '<rootDir>/libs/domain',
    '<rootDir>/libs/contracts',
    '<rootDir>/libs/event-store',
    '<rootDir>/libs/server',
    '<rootDir>/libs/read-models',
    '<rootDir>/apps/command-api',
    '<rootDir>/apps/query-api',
    '<rootDir>/apps/projectors',
    '<rootDir>/apps/relay',
    '<rootDir>/apps/edge',
    '<rootDir>/apps/local-stripe',
    '<rootDir>/apps/web',
    '<rootDir>/apps/web/jest.e2e.config.js',
    '<rootDir>/tools',
    '<rootDir>/infra',
  ],
};
