import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core (the dev dependency) runs inside the page, as the browser extension does.
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** One rule broken, where, and why: enough to find and fix it from the test's output. */
export interface AxeViolation {
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; why: string }[];
}

// What runs in the page (this file is type-checked without the DOM library).
interface AxeInPage {
  run(options: object): Promise<{
    violations: {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: unknown[]; failureSummary?: string }[];
    }[];
  }>;
}
interface AnimationsInPage {
  document: {
    getAnimations(): { finished: Promise<unknown>; effect: { getComputedTiming(): { endTime?: number | string } } | null }[];
  };
}

/**
 * Waits for the page's transitions and one-off animations to end: axe reads
 * colours as painted, and a button or menu caught fading in is measured half
 * way (the endless decorative ones are left out).
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const { document } = globalThis as unknown as AnimationsInPage;
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * axe-core's serious and critical violations on the page as it is now (open
 * menus and dialogs included), by WCAG 2.x A and AA and axe's best practices.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ path: AXE_SCRIPT });
  await settleAnimations(page);
  const violations = await page.evaluate(async () => {
    const { axe } = globalThis as unknown as { axe: AxeInPage };
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      rule: id,
      impact: impact ?? 'unknown',
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target: target.join(' '), why: (failureSummary ?? '').replace(/\s+/g, ' ') })),
    }));
  });
  return violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
}
