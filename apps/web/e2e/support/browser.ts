import { afterAll, afterEach, beforeAll, beforeEach, expect } from '@jest/globals';
import { chromium, type Browser, type Page } from 'playwright-core';
// tools/ is workspace tooling, not an Nx project: the boundary rule has no tag for it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../../tools/stack.ts';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { CHROMIUM_ARGS } from '../../../../tools/chromium.ts';

export const STACK_START_MS = 120_000;
export const UI_TIMEOUT_MS = 30_000;

const BROWSER_TEST_ARGS = [...CHROMIUM_ARGS, '--disable-quic'];

// The key and rule of src/shared/subscription-prompt/prompt-schedule.ts (e2e files
// are type-checked apart from src, so the value is repeated here).
const PROMPT_LAST_SHOWN_KEY = 'subscriptionPromptLastShown';

export interface BrowserTestOptions {
  /**
   * The spec puts test tools into the page (axe-core as an inline script, a
   * fetch of a data: URL to compare screenshots) that the product's
   * Content-Security-Policy rightly refuses: let them in. The policy itself is
   * proven by content-security-policy.e2e.spec.ts, which never bypasses it.
   */
  bypassCsp?: boolean;
  /**
   * Browse on http://localhost:{port}, the product's PUBLIC_URL: mailed links
   * point there, and the PKCE verifier supabase-js keeps in local storage is
   * only found again on the same origin.
   */
  localhost?: boolean;
  /**
   * Keep the home page's 20 s subscription prompt from opening in the middle of
   * a test (as if it had just been shown). Its timing has unit tests; here it
   * would only make a slow step cover the page with a dialog.
   */
  quietPrompt?: boolean;
}

export interface BrowserTest {
  readonly page: Page;
  readonly stack: RunningStack;
  readonly origin: string;
  url(path: string): string;
}

/**
 * The real product (built web, edge, both APIs, projectors, a fresh database;
 * nothing faked) and Chromium, once per spec file; a fresh page per test, and
 * any uncaught error in the page fails the test. Registers the Jest hooks.
 */
export function browserTest({ localhost = false, quietPrompt = true, bypassCsp = false }: BrowserTestOptions = {}): BrowserTest {
  let stack: RunningStack | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let origin = '';
  let pageErrors: string[] = [];

  beforeAll(async () => {
    stack = await startStack();
    origin = localhost ? stack.baseUrl.replace('127.0.0.1', 'localhost') : stack.baseUrl;
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: BROWSER_TEST_ARGS });
  }, STACK_START_MS);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  beforeEach(async () => {
    page = await browser!.newPage({ bypassCSP: bypassCsp });
    page.setDefaultTimeout(UI_TIMEOUT_MS);
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    if (quietPrompt) {
      await page.addInitScript((key) => {
        try {
          // Runs in the page; this file is type-checked without the DOM library.
          (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem(
            key,
            String(Date.now()),
          );
        } catch {
          // about:blank and other opaque origins have no storage.
        }
      }, PROMPT_LAST_SHOWN_KEY);
    }
  });

  afterEach(async () => {
    await page?.close();
    expect(pageErrors).toEqual([]);
  });

  return {
    get page() {
      if (!page) throw new Error('No page outside a test');
      return page;
    },
    get stack() {
      if (!stack) throw new Error('The stack is not running');
      return stack;
    },
    get origin() {
      return origin;
    },
    url: (path: string) => new URL(path, origin).toString(),
  };
}

/** Polls `condition` every 100 ms until it holds, or fails after the UI timeout. */
export async function waitUntil(condition: () => Promise<boolean>, what: string, timeoutMs = UI_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
