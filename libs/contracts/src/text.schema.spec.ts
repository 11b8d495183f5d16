import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { contracts } from './registry.js';
import { findUnsafeInput, MAX_JSON_DEPTH, safeJson, text, unsafeTextReason } from './text.schema.js';

const UNSAFE = { nul: 'a\u0000b', loneHigh: '\ud800', loneLow: 'x\udc00', bell: 'a\u0007b', escape: '\u001b[31m', del: 'a\u007fb' };

describe('text()', () => {
  it.each(Object.entries(UNSAFE))('refuses %s', (_name, value) => {
    expect(text().safeParse(value).success).toBe(false);
  });

  it('says why in words', () => {
    expect(unsafeTextReason('a\u0000b')).toBe('must not contain a NUL character');
    expect(unsafeTextReason('\ud800')).toBe('must be valid Unicode (it holds an unpaired surrogate)');
    expect(unsafeTextReason('a\u0001')).toBe('must not contain control characters');
  });

  it.each(['plain', 'tab\tand\nlines\r\n', 'émoji 😀 and 漢字', "'; DROP TABLE jokes; --", '<script>alert(1)</script>', ''])('accepts %j', (value) => {
    expect(text().safeParse(value).success).toBe(true);
  });

  it('keeps chaining like z.string()', () => {
    const email = text().trim().email();
    expect(email.parse('  a@example.com ')).toBe('a@example.com');
    expect(email.safeParse('a\u0000@example.com').success).toBe(false);
  });
});

describe('findUnsafeInput', () => {
  it('walks nested objects and arrays, keys included, and names the field', () => {
    expect(findUnsafeInput({ data: { list: ['ok', 'a\u0000b'] } })).toEqual({ path: ['data', 'list', '1'], reason: 'must not contain a NUL character' });
    expect(findUnsafeInput({ data: { 'a\ud800': 1 } })).toMatchObject({ path: ['data'], reason: expect.stringContaining('field name') });
    expect(findUnsafeInput({ data: { nick: 'Bob', age: 3, ok: true, none: null } })).toBeUndefined();
  });

  it('refuses nesting deeper than the limit without overflowing its own stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeInput(deep)?.reason).toBe(`is nested more than ${MAX_JSON_DEPTH} levels deep`);
    let shallow: unknown = 'leaf';
    for (let i = 0; i < MAX_JSON_DEPTH; i++) shallow = { a: shallow };
    expect(findUnsafeInput(shallow)).toBeUndefined();
  });

  it('is a zod check for free-form JSON', () => {
    const metadata = safeJson(z.record(z.string(), z.unknown()));
    const result = metadata.safeParse({ nick: { first: '\ud800' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['nick', 'first']);
  });
});

/** Every string schema inside a request schema, with where it sits. */
function stringsOf(schema: z.ZodType | undefined, path: string[] = []): Array<{ path: string; schema: z.ZodType }> {
  if (!schema) return [];
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const inner = (child: unknown, at = path) => stringsOf(child as z.ZodType, at);
  switch (def.type) {
    case 'string':
      return [{ path: path.join('.') || '(value)', schema }];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, child]) => inner(child, [...path, key]));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return inner(def.innerType);
    case 'pipe':
      return inner(def.in);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => inner(option));
    case 'array':
      return inner(def.element, [...path, '0']);
    case 'record':
      return [...inner(def.keyType, [...path, '(key)']), ...inner(def.valueType, [...path, '(value)'])];
    default:
      return [];
  }
}

describe('every contract of the registry', () => {
  const fields = contracts.flatMap((contract) =>
    (['params', 'query', 'body'] as const).flatMap((part) =>
      stringsOf(contract[part]).map(({ path, schema }) => ({ where: `${contract.method} ${contract.path} ${part}.${path}`, schema })),
    ),
  );

  it('has request strings to check (the walk found them)', () => {
    expect(fields.length).toBeGreaterThan(20);
  });

  it.each(fields.map(({ where, schema }) => [where, schema] as const))('%s refuses NUL and lone surrogates', (_where, schema) => {
    expect(schema.safeParse('a\u0000b').success).toBe(false);
    expect(schema.safeParse('\ud800').success).toBe(false);
  });

  it('declares every :param of its path', () => {
    for (const contract of contracts) {
      const names = contract.path.split('/').filter((segment) => segment.startsWith(':')).map((segment) => segment.slice(1));
      const parsed = contract.params?.safeParse(Object.fromEntries(names.map((name) => [name, 'a\u0000b'])));
      if (names.length > 0) expect(parsed?.success).toBe(false);
    }
  });
});
