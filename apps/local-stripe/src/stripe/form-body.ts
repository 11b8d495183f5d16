/**
 * Stripe's wire format for requests: `application/x-www-form-urlencoded` with
 * brackets for nesting (`items[0][price]=price_1&expand[0]=latest_invoice`),
 * the same in query strings. Numeric keys become arrays.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function parseStripeForm(encoded: string): Record<string, FormValue> {
  const root: Node = {};
  for (const pair of encoded.split('&')) {
    if (!pair) continue;
    const [rawKey = '', rawValue = ''] = splitOnce(pair, '=');
    const key = decode(rawKey);
    const value = decode(rawValue);
    const path = keyPath(key);
    if (path.length === 0) continue;
    assign(root, path, value);
  }
  return normalizeArrays(root) as Record<string, FormValue>;
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

const decode = (text: string) => decodeURIComponent(text.replaceAll('+', ' '));

/** `items[0][price]` -> ['items', '0', 'price']; `expand[]` -> ['expand', ''] (append). */
function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first < 0) return [key];
  const path = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) path.push(match[1] ?? '');
  return path;
}

type Node = { [key: string]: Node | string };

function assign(target: Node, path: string[], value: string): void {
  let node = target;
  for (let index = 0; index < path.length - 1; index++) {
    const segment = path[index] === '' ? String(Object.keys(node).length) : path[index]!;
    const next = node[segment];
    if (typeof next !== 'object') node[segment] = {};
    node = node[segment] as Node;
  }
  const last = path[path.length - 1]!;
  node[last === '' ? String(Object.keys(node).length) : last] = value;
}

/** Objects whose keys are 0..n-1 are the arrays Stripe meant. */
function normalizeArrays(node: Node | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const values = Object.fromEntries(keys.map((key) => [key, normalizeArrays(node[key]!)]));
  const isArray = keys.length > 0 && keys.every((key, index) => key === String(index));
  return isArray ? keys.map((key) => values[key]!) : values;
}

/** Reads a string parameter, or undefined. */
export function str(params: Record<string, FormValue> | undefined, key: string): string | undefined {
  const value = params?.[key];
  return typeof value === 'string' ? value : undefined;
}

export function list(params: Record<string, FormValue> | undefined, key: string): FormValue[] {
  const value = params?.[key];
  if (Array.isArray(value)) return value;
  return value === undefined ? [] : [value];
}

export function obj(value: FormValue | undefined): Record<string, FormValue> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

export function bool(params: Record<string, FormValue> | undefined, key: string): boolean | undefined {
  const value = str(params, key);
  return value === undefined ? undefined : value === 'true';
}
