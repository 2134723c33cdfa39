import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface AxeScope {
  /** A selector to check inside (a dialog); the whole page when omitted. */
  include?: string;
  /** axe's rule tags; WCAG 2 A/AA when omitted. */
  tags?: string[];
  /** Rules run whatever their tags (e.g. the structural ones that are only "moderate" for axe). */
  alsoRules?: string[];
}

/** axe's violations of the page as it is now, of any impact. */
export async function axeViolations(page: Page, scope: AxeScope = {}) {
  // Legacy mode runs axe in the page itself; the default opens a blank page per call only to merge the results
  // of cross-origin frames (none here): same rules and results, about 40 % less time per screen.
  let builder = new AxeBuilder({ page }).withTags(scope.tags ?? ['wcag2a', 'wcag2aa']).setLegacyMode(true);
  if (scope.alsoRules?.length)
    builder = builder.options({ rules: Object.fromEntries(scope.alsoRules.map((id) => [id, { enabled: true }])) });
  if (scope.include) builder = builder.include(scope.include);
  return (await builder.analyze()).violations;
}

/** axe (WCAG 2 A/AA): no serious or critical violation, on the page or inside `include` (a dialog). */
export async function expectAxeClean(page: Page, include?: string) {
  const violations = await axeViolations(page, { include });
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}
