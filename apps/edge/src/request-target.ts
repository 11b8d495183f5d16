/** A request target the edge understood: what it routes on and what it forwards. */
export interface RequestTarget {
  /** Normalised, still percent-encoded path: what routing and the upstreams see. */
  pathname: string;
  /** The query string with its `?`, or ''. */
  search: string;
  /** The path percent-decoded (for files on disk). */
  decodedPath: string;
}

const BASE = 'http://edge.invalid';
// A path of characters the URL parser keeps as they are (no '%' to decode, nothing it escapes), and the same in the query.
const PLAIN_TARGET = /^(\/[A-Za-z0-9\-._~!$&()*+,;=:@/]*)(\?[A-Za-z0-9\-._~!$&()*+,;=:@/?]*)?$/;
// A '.' or '..' segment, which the URL parser resolves.
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;
// Nothing a path may legitimately carry once decoded: a NUL or a control
// character only ever truncates or splits something further down.
const isControl = (text: string) => [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/**
 * Parses a request target once, before anything else reads it, or answers
 * undefined (the edge then says 400). Only the origin form (`/path?query`) is
 * accepted: the edge is nobody's forward proxy, so the absolute form
 * (`http://host/path`), the asterisk form and a network-path reference (`//host`)
 * are refused rather than guessed at.
 */
export function parseRequestTarget(raw: string | undefined): RequestTarget | undefined {
  if (!raw || raw[0] !== '/' || raw[1] === '/' || raw.includes('\\')) return undefined;
  const plain = plainTarget(raw);
  if (plain) return plain;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return undefined;
  }
  // A relative reference must stay on our origin; anything that moved it is not a path.
  if (url.origin !== BASE) return undefined;
  let decodedPath: string;
  try {
    // Throws on a broken percent sequence and on encoded invalid UTF-8 (lone surrogates).
    decodedPath = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  if (isControl(decodedPath)) return undefined;
  return { pathname: url.pathname, search: url.search, decodedPath };
}

/**
 * Most targets ('/api/generate', '/assets/index-3f2a.js?v=1') are already what
 * the URL parser would make of them: read them as they are, without building a
 * URL per request. Anything else (an escape, a dot segment, a character the
 * parser would encode) goes the whole way.
 */
function plainTarget(raw: string): RequestTarget | undefined {
  const match = PLAIN_TARGET.exec(raw);
  if (!match || DOT_SEGMENT.test(match[1]!)) return undefined;
  const pathname = match[1]!;
  // The URL parser drops an empty query's '?'.
  const search = match[2] === undefined || match[2] === '?' ? '' : match[2];
  return { pathname, search, decodedPath: pathname };
}
