/**
 * Checks of a page as it is now, for the browser tests: what breaks a phone's layout, and the
 * serious and critical violations axe-core finds (the page must be opened with `bypassCSP`, since
 * axe-core is injected as a script).
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * What breaks a phone's layout: a page or a dialog wider than its box, or a control off the
 * screen.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    }
    for (const dialog of document.querySelectorAll<HTMLElement>('[role="dialog"]')) {
      if (dialog.scrollWidth > dialog.clientWidth + 1) {
        problems.push(`the dialog is ${dialog.scrollWidth} px wide in ${dialog.clientWidth} px`);
      }
    }
    for (const control of document.querySelectorAll<HTMLElement>(
      'button, a[href], input, select, textarea, svg[role="img"]',
    )) {
      const box = control.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.left < -0.5 || box.right > width + 0.5) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? '';
        problems.push(
          `${control.tagName.toLowerCase()} "${name.slice(0, 60)}" spans ${Math.round(box.left)}..${Math.round(box.right)} px`,
        );
      }
    }
    return problems;
  });
}

/** The serious and critical violations axe-core finds on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (
      window as unknown as {
        axe: { run: (options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const { violations } = await axe.run({ resultTypes: ['violations'] });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id} at ${violation.nodes
            .slice(0, 3)
            .map((node) => node.target.join(' '))
            .join(', ')}`,
      );
  });
}
