import { preset } from '../../jest.preset.js';

// Real browser against the real, already-built product (tools/stack.ts).
// Kept apart from the unit run: different environment, minutes not seconds.
export default preset('apps/web', {
  displayName: 'apps/web e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e/**/*.e2e.spec.ts'],
  testTimeout: 180_000,
  setupFilesAfterEnv: ['<rootDir>/e2e/support/timeouts.ts'],
});
