// Shared Jest settings: SWC compiles TypeScript to ES modules (Jest runs with
// --experimental-vm-modules), workspace packages resolve to their sources so
// tests never depend on a stale build.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));

const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2023',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

export function preset(projectDir, overrides = {}) {
  return {
    displayName: projectDir.split('/').slice(-2).join('/'),
    rootDir: resolve(root, projectDir),
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    transform: { '^.+\\.tsx?$': swc(true) },
    moduleNameMapper: {
      '^@jokes/([a-z-]+)/testing$': `${root}/libs/$1/src/testing/index.ts`,
      '^@jokes/([a-z-]+)$': `${root}/libs/$1/src/index.ts`,
      '^@jokes/([a-z-]+)/([a-z-]+)$': `${root}/libs/$1/src/$2.ts`,
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    // Idempotent: the first project to run it starts PostgreSQL for the whole run.
    globalSetup: `${root}/tools/jest/global-setup.js`,
    globalTeardown: `${root}/tools/jest/global-teardown.js`,
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
    ...overrides,
  };
}
