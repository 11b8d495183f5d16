export const REDIRECT_POLICY = Symbol('REDIRECT_POLICY');

/**
 * Where mailed links may send the browser: the product's own origin plus the
 * allow-list (AUTH_REDIRECT_ALLOW_LIST). Anything else falls back to the
 * product's page, so a crafted `redirect_to` cannot turn a confirmation link
 * into an open redirect that hands tokens to another site.
 */
export class RedirectPolicy {
  private readonly matchers: ((url: URL) => boolean)[];

  constructor(
    private readonly publicUrl: string,
    allowList: readonly string[],
  ) {
    this.matchers = [publicUrl, ...allowList].map(matcherFor);
  }

  /** The requested target when allowed, else `${publicUrl}${fallbackPath}`. */
  resolve(requested: string | undefined, fallbackPath: string): string {
    const fallback = `${this.publicUrl}${fallbackPath}`;
    if (!requested) return fallback;
    let url: URL;
    try {
      url = new URL(requested);
    } catch {
      return fallback;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback;
    if (url.username || url.password) return fallback;
    return this.matchers.some((matches) => matches(url)) ? url.toString() : fallback;
  }
}

/**
 * An entry is an origin (`https://app.example.com`: any path there), a URL
 * prefix (`https://example.com/app/`), or a pattern where `*` matches within
 * one host label or path segment and `**` matches anything.
 */
function matcherFor(entry: string): (url: URL) => boolean {
  if (entry.includes('*')) {
    const pattern = entry
      .split('**')
      .map((part) => part.split('*').map(escape).join('[^/.]*'))
      .join('.*');
    const regex = new RegExp(`^${pattern}$`);
    return (url) => regex.test(url.toString()) || regex.test(url.origin);
  }
  let base: URL;
  try {
    base = new URL(entry);
  } catch {
    return () => false;
  }
  if (base.pathname === '/' && !entry.endsWith('/')) return (url) => url.origin === base.origin;
  return (url) => url.origin === base.origin && url.pathname.startsWith(base.pathname);
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Adds `?code=` (PKCE) to a redirect target, keeping its own query. */
export function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** Puts tokens or an error in the fragment, which browsers never send to a server. */
export function withFragment(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
}
