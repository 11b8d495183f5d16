import fc from 'fast-check';
import type { z } from 'zod';

/** Text no request may carry: NUL, unpaired surrogates, control characters. */
export const UNSAFE_TEXT: readonly string[] = ['a\u0000b', '\u0000', '\ud800', 'x\udc00y', '\ud83d', 'a\u0007b', '\u001b[31mred'];

/** Strings a hostile or careless caller sends: encodings, injections, sizes. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  'line\r\nX-Injected: yes',
  '\u202etxt.exe',
  '\ufeff\u200b',
  '😀👩‍👩‍👧‍👦',
  'Ω≈ç√∫˜µ≤≥÷',
  '%00',
  '%ED%A0%80',
  "' OR '1'='1' --",
  "'; DROP TABLE events; --",
  '"); DELETE FROM users; --',
  '$1',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}',
  '${jndi:ldap://x/a}',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(400),
  'a'.repeat(5_000),
];

/**
 * What a spoiled string field gets: unsafe text (alone, or appended to a value
 * that fits, to get past format checks), injections, random text of every kind,
 * and now and then a value that fits.
 */
export function hostileString(fitting: fc.Arbitrary<string>[] = []): fc.Arbitrary<string> {
  const fits = fitting.length > 0 ? fc.oneof(...fitting) : fc.string({ minLength: 1, maxLength: 20 });
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...UNSAFE_TEXT) },
    { weight: 4, arbitrary: fc.tuple(fits, fc.constantFrom(...UNSAFE_TEXT)).map(([value, unsafe]) => value + unsafe) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1_000, maxLength: 3_000 }) },
    { weight: 1, arbitrary: fits },
  );
}

/** Numbers JSON can carry that a handler may not expect. */
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 0.5, -0.0001, 1e21, 10_000_000_000_000, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value at all, in place of the expected one. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, '', [], {}, [null], { '': '' }),
  fc.jsonValue({ maxDepth: 3 }),
);

export interface FuzzContext {
  /** Values that make a field valid for the signed-in caller: own id, own address. */
  known: Record<string, string[]>;
}

interface ZodInternals {
  _zod: { def: Record<string, unknown> & { type: string }; bag: Record<string, unknown> };
}

const internals = (schema: unknown) => (schema as ZodInternals)._zod;

/** Values that satisfy a string schema's format, so requests also reach the code past validation. */
function fittingStrings(schema: z.ZodType, field: string, context: FuzzContext): fc.Arbitrary<string>[] {
  const { bag } = internals(schema);
  const known = context.known[field] ?? [];
  // Known values (the caller's own id, a real comedian) are what gets a request past the checks.
  const fitting: fc.Arbitrary<string>[] = known.length > 0 ? [fc.constantFrom(...known), fc.constantFrom(...known), fc.constantFrom(...known)] : [];
  const patterns = bag.patterns as Set<RegExp> | undefined;
  switch (bag.format) {
    case 'email':
      return [...fitting, fc.emailAddress()];
    case 'url':
      return [...fitting, fc.webUrl()];
    case 'date':
      return [...fitting, fc.date({ noInvalidDate: true, min: new Date(0), max: new Date('9999-12-31') }).map((date) => date.toISOString().slice(0, 10))];
    case 'datetime':
      return [...fitting, fc.date({ noInvalidDate: true, min: new Date(0), max: new Date('9999-12-31') }).map((date) => date.toISOString())];
  }
  if (patterns && patterns.size > 0) return [...fitting, ...[...patterns].map((pattern) => fc.stringMatching(pattern))];
  return [...fitting, fc.string({ minLength: 1, maxLength: 30 })];
}

/**
 * An arbitrary for a zod schema. Most values are shaped like a valid request
 * with exactly one field spoiled (a hostile string or number, a wrong type, left
 * out), since that is what gets past validation into the code behind it; the
 * rest are spoiled throughout.
 */
export function arbitraryOf(schema: z.ZodType | undefined, context: FuzzContext, field = ''): fc.Arbitrary<unknown> {
  if (!schema) return wrongType;
  return fc.oneof(
    { weight: 2, arbitrary: build(schema, context, field, 'fitting') },
    { weight: 6, arbitrary: build(schema, context, field, 'one-spoiled') },
    { weight: 1, arbitrary: build(schema, context, field, 'hostile') },
    { weight: 1, arbitrary: wrongType },
  );
}

type Mode = 'minimal' | 'fitting' | 'one-spoiled' | 'hostile';

/**
 * The smallest value the schema accepts, from known and well-formed values
 * (optional fields left out, so none of them is refused first): a base to spoil.
 */
export const minimalOf = (schema: z.ZodType, context: FuzzContext): fc.Arbitrary<unknown> => build(schema, context, '', 'minimal');

/**
 * Where a string can sit in a schema's value, as key paths: every string field,
 * and inside free-form records a nested one (user metadata is walked too).
 */
export function stringPathsOf(schema: z.ZodType | undefined, path: string[] = []): string[][] {
  if (!schema) return [];
  const { def } = internals(schema);
  switch (def.type) {
    case 'string':
      return [path];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, child]) => stringPathsOf(child, [...path, key]));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return stringPathsOf(def.innerType as z.ZodType, path);
    case 'pipe':
      return stringPathsOf(def.in as z.ZodType, path);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => stringPathsOf(option, path));
    case 'record':
      return [
        [...path, 'nick'],
        [...path, 'nested', 'deeper'],
      ];
    default:
      return [];
  }
}

const fittingNumber = fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.constantFrom(1, 60, 3_600, 86_400, 259_260));

function build(schema: z.ZodType, context: FuzzContext, field: string, mode: Mode): fc.Arbitrary<unknown> {
  const { def } = internals(schema);
  const inner = (child: unknown, name = field, childMode: Mode = mode) => build(child as z.ZodType, context, name, childMode);
  switch (def.type) {
    case 'string': {
      const fitting = fittingStrings(schema, field, context);
      if (mode === 'minimal') return fitting[0]!;
      return mode === 'fitting' ? fc.oneof(...fitting) : hostileString(fitting);
    }
    case 'number':
    case 'int':
      return mode === 'fitting' || mode === 'minimal' ? fittingNumber : fc.oneof(fittingNumber, hostileNumber);
    case 'boolean':
      return mode === 'fitting' || mode === 'minimal' ? fc.boolean() : fc.oneof(fc.boolean(), fc.constantFrom('true', 1, 'yes'));
    case 'enum': {
      const known = context.known[field] ?? [];
      const all = fc.constantFrom(...Object.values(def.entries as Record<string, string>));
      const values = known.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: all }) : all;
      return mode === 'fitting' || mode === 'minimal' ? values : fc.oneof({ weight: 2, arbitrary: values }, { weight: 1, arbitrary: hostileString() });
    }
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'object':
      return objectOf(def.shape as Record<string, z.ZodType>, context, mode);
    case 'optional':
      if (mode === 'minimal') return fc.constant(undefined);
      return mode === 'fitting' ? fc.option(inner(def.innerType), { nil: undefined, freq: 3 }) : fc.option(inner(def.innerType), { nil: undefined, freq: 5 });
    case 'nullable':
      if (mode === 'minimal') return inner(def.innerType);
      return fc.option(inner(def.innerType), { nil: null, freq: 5 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    case 'pipe':
      return inner(def.in);
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => inner(option)));
    case 'array':
      return fc.array(inner(def.element), { maxLength: 4 });
    case 'record':
      // Free-form JSON (user metadata): nested, with hostile keys and values at any depth.
      if (mode === 'minimal') return fc.constant({});
      return mode === 'fitting' ? fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }) : nestedJunk;
    default:
      return wrongType;
  }
}

/** JSON whose strings, keys included, are hostile at every depth. */
const nestedJunk: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown; object: unknown }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, hostileString(), hostileNumber, fc.constantFrom(null, true), fc.array(tie('node'), { maxLength: 3 }), tie('object')),
  object: fc.dictionary(hostileString(), tie('node'), { maxKeys: 3 }),
})).object;

function objectOf(shape: Record<string, z.ZodType>, context: FuzzContext, mode: Mode): fc.Arbitrary<unknown> {
  const keys = Object.keys(shape);
  const model = (fieldMode: (key: string) => Mode) =>
    fc.record(Object.fromEntries(keys.map((key) => [key, build(shape[key]!, context, key, fieldMode(key))])), { requiredKeys: keys });
  if (mode === 'minimal') return model(() => 'minimal');
  if (mode === 'fitting' || keys.length === 0) return model(() => 'fitting');
  if (mode === 'hostile') {
    // Any field may be missing; now and then an unknown field comes along.
    return fc.tuple(fc.record(Object.fromEntries(keys.map((key) => [key, build(shape[key]!, context, key, 'hostile')])), { requiredKeys: [] }), fc.option(fc.dictionary(hostileString(), wrongType, { maxKeys: 2 }), { freq: 3 })).map(
      ([fields, extra]) => ({ ...(extra ?? {}), ...fields }),
    );
  }
  // Valid but for one field, which is spoiled, wrong-typed or left out.
  return fc.constantFrom(...keys).chain((spoiled) =>
    fc.tuple(model((key) => (key === spoiled ? 'hostile' : 'fitting')), fc.constantFrom('spoil', 'spoil', 'spoil', 'wrong type', 'leave out'), wrongType).map(([fields, how, junk]) => {
      const record = fields as Record<string, unknown>;
      if (how === 'wrong type') return { ...record, [spoiled]: junk };
      if (how === 'leave out') return Object.fromEntries(Object.entries(record).filter(([key]) => key !== spoiled));
      return record;
    }),
  );
}
