// One cold page load in headless Chromium and what a visitor waited for: the
// JavaScript fetched before the first paint, first and largest contentful
// paint, and how much the layout jumped (CLS).
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../chromium.ts';


export interface PageLoad {
  /** First contentful paint, ms after navigation start. */
  fcp: number;
  /** Largest contentful paint, ms after navigation start (the last candidate before the page settled). */
  lcp: number;
  /** What the largest contentful paint painted (tag, id or class, start of its text). */
  lcpElement: string;
  /** Cumulative layout shift: the largest session window, as web-vitals computes it. */
  cls: number;
  /** Compressed bytes on the wire (headers included) of the scripts requested before the first paint. */
  scriptBytesBeforeFcp: number;
  scriptRequestsBeforeFcp: number;
  /** Every request before the first paint (document, scripts, styles, fetches). */
  requestsBeforeFcp: number;
  /** Compressed bytes (headers included) of every script the page loaded until it settled. */
  scriptBytes: number;
  scriptRequests: number;
  /** When the page's `usable` condition first held, ms after navigation start (NaN: none given, or never). */
  usable: number;
}

export interface PageLoadOptions {
  /** A JavaScript expression, true once the page can be used (checked on every change of the DOM). */
  usable?: string;
  /** Longest wait for the page to settle, ms. */
  settleMs?: number;
}

// Installed before any script of the page runs. LCP stops changing at the first
// input, and nothing here types or clicks, so the last entry is the final one.
const observers = (usable: string) => `(() => {
  const vitals = { lcp: 0, lcpElement: '', shifts: [], usable: NaN };
  window.__benchVitals = vitals;
  const isUsable = () => { try { return Boolean(${usable}); } catch { return false; } };
  const watch = new MutationObserver(() => {
    if (!isUsable()) return;
    vitals.usable = performance.now();
    watch.disconnect();
  });
  watch.observe(document, { subtree: true, childList: true, attributes: true });
  const describe = (element) => {
    if (!element) return '(removed)';
    const name = element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') +
      (typeof element.className === 'string' && element.className ? '.' + element.className.trim().split(/\\s+/).join('.') : '');
    const text = (element.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return text ? name + ' "' + text + '"' : name;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      vitals.lcp = entry.startTime;
      vitals.lcpElement = describe(entry.element);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) vitals.shifts.push([entry.startTime, entry.value]);
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

interface PageFigures {
  fcp: number;
  lcp: number;
  lcpElement: string;
  usable: number;
  shifts: [number, number][];
  resources: { name: string; initiatorType: string; startTime: number; transferSize: number }[];
}

/** web-vitals' CLS: shifts less than 1 s apart form a window of at most 5 s; the largest window counts. */
export function cumulativeLayoutShift(shifts: readonly (readonly [number, number])[]): number {
  let largest = 0;
  let windowSum = 0;
  let windowStart = -Infinity;
  let previous = -Infinity;
  for (const [time, value] of shifts) {
    if (time - previous >= 1000 || time - windowStart >= 5000) {
      windowSum = 0;
      windowStart = time;
    }
    windowSum += value;
    previous = time;
    largest = Math.max(largest, windowSum);
  }
  return largest;
}

/** Waits until a second has passed without a new LCP candidate or layout shift (at most `limitMs`). */
async function untilSettled(page: Page, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  let last = '';
  let since = Date.now();
  while (Date.now() < deadline) {
    const now = String(await page.evaluate(`JSON.stringify([window.__benchVitals.lcp, window.__benchVitals.shifts.length])`));
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= 1_000) return;
    await new Promise((done) => setTimeout(done, 100));
  }
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * Loads `url` in a fresh browser context (empty cache, no storage: a first
 * visit), waits until it is usable (if told how to tell), then until the
 * network has been quiet for half a second and nothing has moved for a second
 * (at most `settleMs` each), and reads the figures from the page's own
 * performance timeline.
 */
export async function measurePageLoad(browser: Browser, url: string, { usable = 'false', settleMs = 8_000 }: PageLoadOptions = {}): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(observers(usable));
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(`performance.getEntriesByName('first-contentful-paint').length > 0`, undefined, { timeout: 60_000 });
    if (usable !== 'false') {
      await page.waitForFunction('!Number.isNaN(window.__benchVitals.usable)', undefined, { timeout: 60_000 }).catch(() => undefined);
    }
    await page.waitForLoadState('networkidle', { timeout: settleMs }).catch(() => undefined);
    await untilSettled(page, settleMs);
    const figures = await page.evaluate(`(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const vitals = window.__benchVitals;
      return {
        fcp: paint ? paint.startTime : NaN,
        lcp: vitals.lcp,
        lcpElement: vitals.lcpElement,
        usable: vitals.usable,
        shifts: vitals.shifts,
        resources: performance.getEntriesByType('resource').map((entry) => ({
          name: entry.name, initiatorType: entry.initiatorType, startTime: entry.startTime, transferSize: entry.transferSize,
        })),
      };
    })()`) as PageFigures;
    if (!Number.isFinite(figures.fcp)) throw new Error(`${url} never painted any content`);
    const before = figures.resources.filter((entry) => entry.startTime < figures.fcp);
    const isScript = (entry: { name: string }) => new URL(entry.name).pathname.endsWith('.js');
    const scripts = before.filter(isScript);
    const allScripts = figures.resources.filter(isScript);
    return {
      fcp: figures.fcp,
      lcp: figures.lcp,
      lcpElement: figures.lcpElement,
      cls: cumulativeLayoutShift(figures.shifts),
      scriptBytesBeforeFcp: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
      scriptRequestsBeforeFcp: scripts.length,
      // The document itself is not a resource entry.
      requestsBeforeFcp: before.length + 1,
      scriptBytes: allScripts.reduce((sum, entry) => sum + entry.transferSize, 0),
      scriptRequests: allScripts.length,
      usable: figures.usable,
    };
  } finally {
    await context.close();
  }
}
