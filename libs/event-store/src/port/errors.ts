import type { ExpectedVersion } from './types.js';

/** The stream was not at the version the writer expected; nothing was written. */
export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    /** The stream's version when the append was refused; 0 when the stream does not exist. */
    readonly actual: bigint,
    readonly streamExists: boolean,
  ) {
    super(`Stream ${streamId} expected ${describeExpected(expected)} but is ${streamExists ? `at version ${actual}` : 'absent'}`);
  }
}

/** Some but not all of the event ids were already stored, or stored on another stream. */
export class DuplicateEventIdError extends Error {
  override readonly name = 'DuplicateEventIdError';
  constructor(readonly streamId: string) {
    super(`Some event ids of this append to ${streamId} were already written by a different append`);
  }
}

export function describeExpected(expected: ExpectedVersion): string {
  return typeof expected === 'bigint' || typeof expected === 'number' ? `version ${expected}` : expected;
}
