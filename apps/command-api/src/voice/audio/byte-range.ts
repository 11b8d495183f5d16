export type ByteRange = { start: number; end: number };

/**
 * The one range of a `Range` header (RFC 9110 section 14), inclusive:
 * `bytes=0-99`, `bytes=100-`, `bytes=-100`. Undefined means "send the whole
 * file": no header, another unit, a malformed value or several ranges (a
 * server may ignore those). 'unsatisfiable' is a 416: no byte of it exists.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
