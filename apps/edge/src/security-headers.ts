import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { contentSecurityPolicy } from 'helmet';
import { usesLocalPaymentProvider } from '@jokes/server/core';

type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;
type Directives = Record<string, string[]>;

/** What the browser may be allowed to reach besides this origin. */
export interface SecuritySettings {
  /** PUBLIC_URL is https: browsers are told to come back over https only (HSTS), and to upgrade any http request. */
  https: boolean;
  /** The hosted auth backend the web calls itself (SUPABASE_URL's origin), if any; else auth is this origin's /auth/v1. */
  authOrigin?: string;
  /** Stripe is configured (STRIPE_SECRET_KEY): the subscribe page loads Stripe.js, its frames and its API. */
  stripe: boolean;
}

export function securitySettingsFromEnv(env: NodeJS.ProcessEnv): SecuritySettings {
  const supabase = env.SUPABASE_URL?.trim() ? URL.parse(env.SUPABASE_URL.trim()) : null;
  return {
    https: URL.parse(env.PUBLIC_URL ?? '')?.protocol === 'https:',
    ...(supabase ? { authOrigin: supabase.origin } : {}),
    // The same switch that tells the web which provider confirms the card (GET /api/billing/config).
    stripe: !usesLocalPaymentProvider(env),
  };
}

// Stripe's documented sources for Stripe.js and its card fields (docs.stripe.com/security/guide#content-security-policy).
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAMES = [...STRIPE_SCRIPTS, 'https://hooks.stripe.com'];
const STRIPE_API = ['https://api.stripe.com'];

/**
 * The product's Content-Security-Policy. Scripts only from this origin (and
 * Stripe's), never inline ones but those a page names by hash. Styles allow
 * 'unsafe-inline': antd writes its CSS-in-JS into `<style>` elements at run time
 * and the prerendered home page carries them, and React and antd set `style`
 * attributes, which no nonce can cover; a nonce would also make index.html a
 * new document per request (no shared compressed copy, no 304). Injected CSS
 * can restyle a page but runs nothing, and no script may load from elsewhere.
 */
function directivesFor(settings: SecuritySettings, scriptHashes: readonly string[] = []): Directives {
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes.map((hash) => `'${hash}'`), ...(settings.stripe ? STRIPE_SCRIPTS : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Data and blob images (icons, exports); narration is /api/audio on this origin.
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(settings.authOrigin ? [settings.authOrigin] : []), ...(settings.stripe ? STRIPE_API : [])],
    'frame-src': settings.stripe ? STRIPE_FRAMES : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (settings.https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** Powerful features the product never uses are off for it and any frame; payment only for Stripe's frames, when Stripe is in use. */
function permissionsPolicy(settings: SecuritySettings): string {
  const off = ['accelerometer', 'camera', 'display-capture', 'geolocation', 'gyroscope', 'hid', 'magnetometer', 'microphone', 'midi', 'serial', 'usb', 'xr-spatial-tracking'];
  const payment = settings.stripe ? 'payment=(self "https://js.stripe.com")' : 'payment=()';
  return [...off.map((feature) => `${feature}=()`), payment].join(', ');
}

/** CSP hash sources ('sha256-…', unquoted) of the inline scripts an HTML page carries, in order. */
export function inlineScriptHashes(html: string): string[] {
  const inline = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;
  return [...html.matchAll(inline)].map((match) => `sha256-${createHash('sha256').update(match[1]!).digest('base64')}`);
}

/** Page policies kept by their script hashes: a site has one or two index.html versions at a time (a rebuild). */
const MAX_PAGE_POLICIES = 8;

/**
 * An API answer's policy: nothing may load, run or frame it, should a browser
 * ever be made to open one as a document.
 */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The headers every answer of the edge carries, set before anything answers:
 * pages, assets, API answers (proxied or from the response cache) and the
 * edge's own errors. An upstream's answer keeps what the upstream set itself
 * (Node lets writeHead's headers win): the local payment provider's portal page
 * carries its own policy, naming its inline script by hash. A page the edge
 * serves gets the policy with its own inline scripts' hashes (page()).
 *
 * The command and query APIs' JSON answers get the set OWASP's REST Security
 * Cheat Sheet names for an API (apiAnswer()): a policy of `default-src 'none';
 * frame-ancestors 'none'`, X-Frame-Options, nosniff, Cross-Origin-Resource-Policy
 * and HSTS. The rest of helmet's set governs documents (what a page may load,
 * its referrer, its opener, its features, old browsers' XSS filter) and does
 * nothing on JSON; it was most of the bytes of a cached catalogue answer.
 */
export class SecurityHeaders {
  private readonly everyAnswer: RecordedHeaders;
  private readonly apiAnswers: RecordedHeaders;
  private readonly pagePolicies = new Map<string, RecordedHeaders>();

  constructor(private readonly settings: SecuritySettings) {
    const headers = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: directivesFor(settings) },
      // Only the origin itself: an https-only rule for every subdomain is the domain owner's call.
      strictTransportSecurity: settings.https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
    }) as Middleware;
    const recorded = record(headers);
    this.everyAnswer = { ...recorded, set: [...recorded.set, ['permissions-policy', permissionsPolicy(settings)]] };
    const kept = new Set(['x-frame-options', 'x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security']);
    this.apiAnswers = {
      removed: recorded.removed,
      set: [['content-security-policy', API_POLICY], ...recorded.set.filter(([name]) => kept.has(name.toLowerCase()))],
    };
  }

  /** Every answer's headers but an API's: helmet's, worked out once (they depend on the settings, never on the request). */
  apply(response: ServerResponse): void {
    replay(this.everyAnswer, response);
  }

  /** A JSON answer of the command or the query API: the headers that matter on one (see the class). */
  apiAnswer(response: ServerResponse): void {
    replay(this.apiAnswers, response);
  }

  /** Replaces the policy with one that also allows the page's own inline scripts (hashes from inlineScriptHashes). */
  page(response: ServerResponse, scriptHashes: readonly string[]): void {
    const key = scriptHashes.join(' ');
    let policy = this.pagePolicies.get(key);
    if (!policy) {
      if (this.pagePolicies.size >= MAX_PAGE_POLICIES) this.pagePolicies.clear();
      policy = record(contentSecurityPolicy({ useDefaults: false, directives: directivesFor(this.settings, scriptHashes) }) as Middleware);
      this.pagePolicies.set(key, policy);
    }
    replay(policy, response);
  }

  /** The same headers as raw lines, for an answer the edge writes straight to a socket (a request Node's parser refused). */
  rawLines(): string {
    return this.everyAnswer.set.map(([name, value]) => `${name.toLowerCase()}: ${value}\r\n`).join('');
  }
}

/** What a helmet middleware does to a response: the headers it sets and those it removes. */
interface RecordedHeaders {
  set: (readonly [string, string])[];
  removed: string[];
}

function record(middleware: Middleware): RecordedHeaders {
  const recorded: RecordedHeaders = { set: [], removed: [] };
  const recorder = {
    setHeader: (name: string, value: string) => recorded.set.push([name, value]),
    removeHeader: (name: string) => recorded.removed.push(name),
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, throwIfFailed);
  return recorded;
}

function replay({ set, removed }: RecordedHeaders, response: ServerResponse): void {
  for (const name of removed) response.removeHeader(name);
  for (const [name, value] of set) response.setHeader(name, value);
}

// helmet reports a bad directive through next(error); the directives here are fixed, so that is a bug to surface.
function throwIfFailed(error?: unknown): void {
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
