import { preset } from '../jest.preset.js';

// The supervisor and the embedded PostgreSQL behind `npm start` and `npm test`.
export default preset('tools', {
  displayName: 'tools',
  testMatch: ['<rootDir>/**/*.spec.ts'],
});
