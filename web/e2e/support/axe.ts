/**
 * axe-core over a page: the WCAG 2.0/2.1 A and AA rules, reporting each serious or critical
 * violation as one readable line (screen, rule, the elements it found) so a failing run says
 * what to fix.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
/**
 * Rules outside the WCAG tags (or below "serious") that a screen must pass all the same: one
 * top-level main landmark and an h1 on every screen, and accessible names that contain the
 * visible label (axe's experimental rule, so that speech users can say what they see).
 */
const ALWAYS = [
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-main-is-top-level',
  'page-has-heading-one',
  'label-content-name-mismatch',
];

/** The serious and critical violations on the page as it stands, one line each. */
export async function axeViolations(page: Page, screen: string): Promise<string[]> {
  // Mantine's transitions fade panels in; axe reads colours mid-fade as too faint.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  const wcag = await new AxeBuilder({ page }).withTags(WCAG_A_AA).analyze();
  // `options` replaces every option, so it comes before `withRules` sets which rules run.
  const always = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withRules(ALWAYS)
    // The experimental rule counts the names of a binder row's icon buttons ("Drag Chapter 1",
    // "Options for Chapter 1") as text the row shows, which no one sees.
    .exclude('[role="treeitem"]')
    .analyze();
  return [
    ...wcag.violations.filter((violation) => BLOCKING.has(violation.impact ?? '')),
    ...always.violations,
  ].map((violation) => {
    const where = violation.nodes
      .slice(0, 4)
      .map(
        (node) =>
          `${node.target.join(' ')}${node.failureSummary ? ` (${firstLine(node.failureSummary)})` : ''}`,
      )
      .join('; ');
    return `${screen}: ${violation.id} [${violation.impact ?? ''}] ×${String(violation.nodes.length)} — ${where}`;
  });
}

function firstLine(summary: string): string {
  return summary.split('\n').slice(1, 2).join('').trim();
}
