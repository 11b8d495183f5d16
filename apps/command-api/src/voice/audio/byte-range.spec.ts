import { describe, expect, it } from '@jest/globals';
import { parseByteRange } from './byte-range.js';

describe('parseByteRange', () => {
  it('reads a closed range, inclusive', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
  });

  it('reads an open range to the end', () => {
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
  });

  it('reads a suffix as the last bytes, all of them when it is longer than the file', () => {
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('cuts an end past the file at its last byte', () => {
    expect(parseByteRange('bytes=500-5000', 1000)).toEqual({ start: 500, end: 999 });
  });

  it('answers unsatisfiable for a start past the end or an empty suffix', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=2000-3000', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });

  it('ignores what it cannot honour, so the whole file is sent: none, other units, garbage, several ranges, a reversed range', () => {
    for (const header of [undefined, 'items=0-1', 'bytes=abc', 'bytes=0-1,5-9', 'bytes=-', 'bytes=9-2']) {
      expect(parseByteRange(header, 1000)).toBeUndefined();
    }
  });
});
