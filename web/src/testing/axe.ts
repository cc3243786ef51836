/**
 * axe-core in Vitest (jsdom): the WCAG 2.0/2.1 A and AA rules over a rendered part (a dialog
 * in its portal included), each serious or critical violation as one readable line. Colours
 * are not computed by jsdom; the Playwright helper (`e2e/support/axe.ts`) checks those.
 */
import axe from 'axe-core';

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** The serious and critical violations inside `root` (the whole document by default). */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const results = await axe.run(root, {
    runOnly: { type: 'tag', values: WCAG_A_AA },
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} [${violation.impact ?? ''}] — ${violation.nodes
          .slice(0, 4)
          .map((node) => node.target.join(' '))
          .join('; ')}`,
    );
}
