import { describe, expect, it } from '@jest/globals';
import { correlationIdOf, traceparentOf } from './request-context.js';

const VALID_TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('traceparentOf', () => {
  it('keeps a valid version-00 traceparent', () => {
    expect(traceparentOf(VALID_TRACEPARENT)).toBe(VALID_TRACEPARENT);
  });

  it.each([
    ['14 KB of anything', 'x'.repeat(14 * 1024)],
    ['a valid one with more after it', `${VALID_TRACEPARENT}-${'a'.repeat(1000)}`],
    ['an all-zero trace id', '00-00000000000000000000000000000000-00f067aa0ba902b7-01'],
    ['an all-zero parent id', '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01'],
    ['upper-case hex', '00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01'],
    ['another version', 'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'],
    ['a short trace id', '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01'],
    ['two headers', [VALID_TRACEPARENT, VALID_TRACEPARENT]],
  ])('starts a new trace for a malformed traceparent: %s', (_name, header) => {
    expect(traceparentOf(header)).toBeUndefined();
  });
});

describe('correlationIdOf', () => {
  it('keeps a UUID, in lower case', () => {
    expect(correlationIdOf('0B6F2A4E-3C1D-4E5F-9A8B-7C6D5E4F3A2B')).toBe('0b6f2a4e-3c1d-4e5f-9a8b-7c6d5e4f3a2b');
  });

  it.each([
    ['14 KB of anything', 'c'.repeat(14 * 1024)],
    ['a UUID with more after it', '0b6f2a4e-3c1d-4e5f-9a8b-7c6d5e4f3a2b, 0b6f2a4e-3c1d-4e5f-9a8b-7c6d5e4f3a2b'],
    ['a made-up id', 'req-1'],
    ['nothing', ''],
  ])('replaces a correlation id that is not a UUID: %s', (_name, header) => {
    expect(correlationIdOf(header)).toBeUndefined();
  });
});
