import { preset } from '../../jest.preset.js';

const base = preset('apps/web');

export default {
  ...base,
  // jsdom plus the platform's fetch, streams and AbortController (see the file).
  testEnvironment: '<rootDir>/jest.environment.js',
  setupFiles: ['<rootDir>/src/testing/setup-dom.ts'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-tests.ts'],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/src/testing/style-stub.ts',
    // Canvas charts cannot draw in jsdom (see the file).
    '^@ant-design/plots$': '<rootDir>/src/testing/plots-stub.tsx',
    ...base.moduleNameMapper,
  },
  // The lint rules' specs sit beside them in lint/ (they run ESLint, in the node environment).
  testMatch: [...base.testMatch, '<rootDir>/lint/**/*.spec.ts'],
  // The web's unit tests need no PostgreSQL.
  globalSetup: undefined,
  globalTeardown: undefined,
};
