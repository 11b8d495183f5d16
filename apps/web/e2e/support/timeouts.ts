import { jest } from '@jest/globals';

// `testTimeout` in a project config is ignored when the root config runs every
// project at once (npm test); a setup file applies it either way.
jest.setTimeout(180_000);
