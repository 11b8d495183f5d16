import fc from 'fast-check';
import type { z } from 'zod';
import { arbitraryOf, type FuzzContext, hostileString, minimalOf, stringPathsOf, UNSAFE_TEXT, wrongType } from './fuzz-values.js';

/** One route to fuzz: a contract of the registry or a GoTrue route of /auth/v1. */
export interface RouteModel {
  /** `POST /api/generate`, `POST /auth/v1/token?grant_type=password`. */
  name: string;
  method: string;
  /** Express-style template: `/api/local-billing/portal/:sessionId`. */
  path: string;
  query?: z.ZodType;
  /** Query fields every request of this route carries (GoTrue's grant_type). */
  fixedQuery?: Record<string, string>;
  /** The body's schema; routes that take a body but declare none get arbitrary JSON. */
  body?: z.ZodType;
  takesBody: boolean;
}

export interface FuzzRequest {
  method: string;
  /** Path and query, already encoded (possibly malformed on purpose). */
  target: string;
  headers: Record<string, string>;
  body?: string;
  /** What kind of input this is, for the report of a failure. */
  shape: string;
}

/**
 * Percent-encodes like encodeURIComponent, but a lone surrogate becomes its
 * generalized UTF-8 bytes (%ED%A0%80) instead of a URIError: what a client
 * that does not check sends.
 */
export function encodeLoosely(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** Path segments and query strings sent as they are, not encoded. */
const RAW_JUNK = ['%00', 'a%00b', '%ED%A0%80', '%', '%zz', '%E0%A4%A', '..', '.', '%2F', '%2e%2e', '%u0000', 'a'.repeat(3_000)];

function segment(param: string, context: FuzzContext): fc.Arbitrary<string> {
  const known = context.known[param] ?? [];
  return fc.oneof(
    { weight: 2, arbitrary: hostileString(known.length > 0 ? [fc.constantFrom(...known)] : []).map(encodeLoosely) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_JUNK) },
    // A real id, so the rest of the request is what gets spoiled.
    ...(known.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...known.map(encodeLoosely)) }] : []),
  );
}

function serializeQuery(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value === undefined ? '' : `q=${encodeLoosely(String(value))}`;
  const parts: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined) continue;
    const values = Array.isArray(field) ? field : [field];
    for (const one of values) {
      const text = one !== null && typeof one === 'object' ? JSON.stringify(one) : String(one);
      parts.push(`${encodeLoosely(key)}=${encodeLoosely(text)}`);
    }
  }
  return parts.join('&');
}

function queryOf(route: RouteModel, context: FuzzContext): fc.Arbitrary<string> {
  const fixed = Object.entries(route.fixedQuery ?? {}).map(([key, value]) => `${key}=${encodeLoosely(value)}`);
  const modelled = route.query ? arbitraryOf(route.query, context).map(serializeQuery) : fc.constant('');
  const junk = fc.oneof(
    { weight: 4, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_JUNK.map((raw) => `x=${raw}`), 'a[b][c][d][e][f]=1', '&&==&', 'user_id=1&user_id=2', `pad=${'x'.repeat(12_000)}`) },
  );
  return fc.tuple(modelled, junk).map(([model, extra]) => [...fixed, model, extra].filter(Boolean).join('&'));
}

const JSON_TYPE = 'application/json';

/** Bodies that are not the JSON object a route expects, each with its content type. */
const malformedBodies: fc.Arbitrary<{ body: string; type: string; shape: string }> = fc.oneof(
  fc.constantFrom('{', '{"a":', "{'a':1}", '{"a":1,}', 'nul', '{"a":"\\ud800"', '\u0000', '\ufeff{}', '{"a":1}{"b":2}').map((body) => ({ body, type: JSON_TYPE, shape: 'malformed JSON' })),
  fc.constantFrom('null', '5', '"x"', 'true', '[]', '[1,{"a":null}]').map((body) => ({ body, type: JSON_TYPE, shape: 'JSON that is not an object' })),
  fc.constant({ body: '', type: JSON_TYPE, shape: 'empty body' }),
  fc.constantFrom(
    { body: '{"a":1}', type: 'text/plain', shape: 'wrong content type' },
    { body: 'email=a%00b%40x.com&password=x&topic=%ED%A0%80', type: 'application/x-www-form-urlencoded', shape: 'form body' },
    { body: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--', type: 'multipart/form-data; boundary=b', shape: 'multipart body' },
    { body: '<a>1</a>', type: 'application/xml', shape: 'wrong content type' },
    { body: '{"a":1}', type: 'application/json; charset=latin1', shape: 'unsupported charset' },
  ),
  fc.integer({ min: 1_000, max: 60_000 }).map((depth) => ({ body: '['.repeat(depth) + ']'.repeat(depth), type: JSON_TYPE, shape: 'deeply nested arrays' })),
  fc.integer({ min: 40, max: 3_000 }).map((depth) => ({ body: '{"data":'.repeat(depth) + '1' + '}'.repeat(depth), type: JSON_TYPE, shape: 'deeply nested objects' })),
  fc.constantFrom(150_000, 1_000_000).map((size) => ({ body: JSON.stringify({ pad: 'x'.repeat(size) }), type: JSON_TYPE, shape: 'huge body' })),
);

function bodyOf(route: RouteModel, context: FuzzContext): fc.Arbitrary<{ body?: string; type?: string; shape: string }> {
  if (!route.takesBody) return fc.constant({ shape: 'no body' });
  const modelled = route.body ? arbitraryOf(route.body, context) : wrongType;
  return fc.oneof(
    { weight: 6, arbitrary: modelled.map((value) => ({ body: JSON.stringify(value ?? null), type: JSON_TYPE, shape: 'JSON from the schema' })) },
    { weight: 3, arbitrary: malformedBodies },
  );
}

/** Requests for one route: junk path params, query and body, encoded the ways clients do and do not. */
export function requestsOf(route: RouteModel, context: FuzzContext, headers: Record<string, string>): fc.Arbitrary<FuzzRequest> {
  const names = route.path.split('/').filter((part) => part.startsWith(':')).map((part) => part.slice(1));
  const path = fc.tuple(...names.map((name) => segment(name, context))).map((values) => {
    let filled = route.path;
    names.forEach((name, index) => (filled = filled.replace(`:${name}`, values[index]!)));
    return filled;
  });
  return fc.tuple(path, queryOf(route, context), bodyOf(route, context)).map(([pathname, query, { body, type, shape }]) => ({
    method: route.method,
    target: query ? `${pathname}?${query}` : pathname,
    headers: { ...headers, ...(type ? { 'content-type': type } : {}) },
    body,
    shape,
  }));
}

const paramNames = (path: string) => path.split('/').filter((part) => part.startsWith(':')).map((part) => part.slice(1));

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/:([A-Za-z_]+)/g, (_match, name: string) => values[name] ?? 'fuzz');
}

function withValueAt(base: unknown, path: readonly string[], value: unknown): unknown {
  const root = (base !== null && typeof base === 'object' ? structuredClone(base) : {}) as Record<string, unknown>;
  let node = root;
  path.forEach((key, index) => {
    if (index === path.length - 1) node[key] = value;
    else {
      const next = node[key];
      node = (node[key] = next !== null && typeof next === 'object' && !Array.isArray(next) ? next : {}) as Record<string, unknown>;
    }
  });
  return root;
}

/**
 * The systematic part: a request that fits the route in every way but one,
 * with each unsafe text (NUL, lone surrogates, controls) in each path param,
 * each query field and each body field in turn, nested metadata included.
 */
export function unsafeTextRequests(route: RouteModel, context: FuzzContext, headers: Record<string, string>, seed: number): FuzzRequest[] {
  const baseOf = (schema: z.ZodType | undefined) => (schema ? fc.sample(minimalOf(schema, context), { seed, numRuns: 1 })[0] : {});
  const body = baseOf(route.body);
  const query = baseOf(route.query);
  const params = Object.fromEntries(paramNames(route.path).map((name) => [name, encodeLoosely(context.known[name]?.[0] ?? 'fuzz')]));
  const fixed = Object.entries(route.fixedQuery ?? {}).map(([key, value]) => `${key}=${encodeLoosely(value)}`);
  const request = (values: Record<string, string>, queryValue: unknown, bodyValue: unknown, shape: string): FuzzRequest => {
    const search = [...fixed, serializeQuery(queryValue)].filter(Boolean).join('&');
    return {
      method: route.method,
      target: `${fill(route.path, values)}${search ? `?${search}` : ''}`,
      headers: route.takesBody ? { ...headers, 'content-type': JSON_TYPE } : headers,
      body: route.takesBody ? JSON.stringify(bodyValue) : undefined,
      shape,
    };
  };
  const bodyPaths = route.body ? stringPathsOf(route.body) : route.takesBody ? [['field']] : [];
  return UNSAFE_TEXT.flatMap((unsafe) => [
    ...Object.keys(params).map((name) => request({ ...params, [name]: encodeLoosely(unsafe) }, query, body, `unsafe text in path param ${name}`)),
    ...stringPathsOf(route.query).map((path) => request(params, withValueAt(query, path, unsafe), body, `unsafe text in query ${path.join('.')}`)),
    ...bodyPaths.map((path) => request(params, query, withValueAt(body, path, unsafe), `unsafe text in body ${path.join('.')}`)),
  ]);
}
