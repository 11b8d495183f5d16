import { z } from 'zod';

// The one definition of a string the product accepts from a request. PostgreSQL
// refuses NUL in text and jsonb (a 500 deep in a handler), a lone UTF-16
// surrogate cannot be written as UTF-8 (jsonb refuses it, text silently gets
// U+FFFD), and C0 control characters other than tab and line breaks have no
// place in a name, a topic, an id or an address (they forge log lines and mail
// headers). Every contract's strings, path params and query params use it.

// Matching control characters is the point of these two.
// eslint-disable-next-line no-control-regex
const NUL = /\u0000/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be accepted, in words for the caller; undefined when it can. */
export function unsafeTextReason(value: string): string | undefined {
  if (NUL.test(value)) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode (it holds an unpaired surrogate)';
  if (CONTROL.test(value)) return 'must not contain control characters';
  return undefined;
}

/** A string of a request: `text().min(1)`, `text().email()`, as with `z.string()`. */
export function text(): z.ZodString {
  return z.string().superRefine((value, context) => {
    const reason = unsafeTextReason(value);
    if (reason) context.addIssue({ code: 'custom', message: reason });
  });
}

/** A path segment (`:id`): non-empty and short, as every id, session and mail name is. */
export const pathParam = text().min(1, 'must not be empty').max(200, 'is too long');

/**
 * JSON nested deeper than this is refused: no request of the product needs
 * more than a few levels, and recursive code (JSON.stringify, PostgreSQL's jsonb
 * parser) fails with a stack overflow long before a 100 KB body runs out.
 */
export const MAX_JSON_DEPTH = 32;

export interface UnsafeInput {
  /** Where: the keys leading to it (`['data', 'nick']`); empty for the value itself. */
  path: string[];
  reason: string;
}

/**
 * The first string (key or value) anywhere in a parsed JSON, form or query value
 * that `text()` would refuse, or nesting deeper than MAX_JSON_DEPTH. Iterative,
 * so a hostile depth cannot overflow the stack of the check itself.
 */
export function findUnsafeInput(value: unknown, maxDepth = MAX_JSON_DEPTH): UnsafeInput | undefined {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      const reason = unsafeTextReason(current);
      if (reason) return { path, reason };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    // Named as a whole: the path to the limit would be a line of 32 keys.
    if (path.length >= maxDepth) return { path: [], reason: `is nested more than ${maxDepth} levels deep` };
    for (const [key, child] of Object.entries(current)) {
      // The offending name itself is not echoed back: the path stops at its parent.
      const reason = unsafeTextReason(key);
      if (reason) return { path, reason: `has a field name that ${reason}` };
      pending.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

/** `findUnsafeInput` as a zod check, for a free-form JSON value such as user metadata. */
export function safeJson<S extends z.ZodType>(schema: S): S {
  return schema.superRefine((value, context) => {
    const unsafe = findUnsafeInput(value);
    if (unsafe) context.addIssue({ code: 'custom', message: unsafe.reason, path: unsafe.path });
  });
}
