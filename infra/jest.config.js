import { preset } from '../jest.preset.js';

// The deployment's own checks: the compose file and what it mounts.
export default preset('infra', {
  displayName: 'infra',
  testMatch: ['<rootDir>/**/*.spec.ts'],
});
