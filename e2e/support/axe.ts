import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ContextObject, RunOptions } from 'axe-core';

export type Impact = 'critical' | 'serious' | 'moderate' | 'minor';
export const IMPACTS: Impact[] = ['critical', 'serious', 'moderate', 'minor'];

export interface Finding {
  view: string;
  rule: string;
  impact: Impact;
  help: string;
  targets: string[];
}

function outDir(): string {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Waits (at most 2 s) for finite animations and transitions: a toast or dialog fading in is read by
 * axe at its momentary opacity, and its text then fails contrast (CI: admin en /notifies, the news
 * dialog's image hint). Spinners and skeleton pulses run forever and are not waited for.
 */
export async function finishTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const done = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Only violations are reported in full (axe spends most of its time describing passes), and a long
 * table's rows after the fifth are the same template again: the first rows stand for them.
 */
const AXE_CONTEXT: ContextObject = { exclude: [['.p-datatable-tbody > tr:nth-child(n+6)'], ['.notify-list > li:nth-child(n+6)']] };
const AXE_OPTIONS: RunOptions = { resultTypes: ['violations'] };

/**
 * axe-core's own run in the page, its source put in once per document: the sweeps reach pages by
 * client-side navigation, so one load serves all of a language's pages. (@axe-core/playwright put
 * the 550 kB source in again for every check and finished each run in a new blank page: 1.5–3 s a
 * check, most of a sweep's time; the app has no frames for its frame-by-frame run to cover.)
 */
async function runAxe(page: Page): Promise<AxeResults> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const run = ({ context, options }: { context: unknown; options: unknown }) =>
    (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe.run(context, options);
  const args: { context: unknown; options: unknown } = { context: AXE_CONTEXT, options: AXE_OPTIONS };
  return (await page.evaluate(run, args)) as AxeResults;
}

/** Findings of many page views; counts by impact for the report, and the assertion that there are none. */
export class AxeLedger {
  readonly findings: Finding[] = [];
  views = 0;

  async check(page: Page, view: string): Promise<void> {
    const started = Date.now();
    await finishTransitions(page);
    // Say which toast a view was checked with (an error toast here would be a finding of its own).
    const toasts = await page.locator('.p-toast-message').allInnerTexts();
    if (toasts.length > 0) console.log(`axe ${view}: toast ${toasts.join(' | ').replace(/\s+/g, ' ')}`);
    const result = await runAxe(page);
    this.views += 1;
    // One line per view as it is checked (survives a worker restart), for the figures of a run.
    appendFileSync(
      path.join(outDir(), 'axe-views.jsonl'),
      `${JSON.stringify({ view, violations: result.violations.map((v) => ({ rule: v.id, impact: v.impact })) })}\n`,
    );
    if (process.env.A11Y_DEBUG) console.log(`axe ${view}: ${Date.now() - started} ms`);
    for (const violation of result.violations) {
      const impact: Impact = violation.impact ?? 'minor';
      this.findings.push({
        view,
        rule: violation.id,
        impact,
        help: violation.help,
        targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
      });
    }
  }

  counts(): Record<Impact, number> {
    const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 };
    for (const finding of this.findings) counts[finding.impact] += 1;
    return counts;
  }

  /** Findings of any impact (minor included), of the views whose name starts with `prefix` (all without one). */
  findingsOf(prefix = ''): Finding[] {
    return this.findings.filter((finding) => finding.view.startsWith(prefix));
  }

  /** Fails the running test on any finding of its views, whatever its impact (issue 27: zero of any impact). */
  expectNoFindings(prefix: string): void {
    const found = this.findingsOf(prefix);
    expect(found, this.describe(found)).toEqual([]);
  }

  /** A readable list: one line per rule and view. */
  describe(findings: Finding[]): string {
    return findings
      .map((f) => `${f.impact} ${f.rule} @ ${f.view}: ${f.help} [${f.targets.join(' | ')}]`)
      .join('\n');
  }

  write(name: string): void {
    const dir = outDir();
    const summary = { views: this.views, violations: this.counts(), findings: this.findings };
    writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(summary, null, 2));
  }
}
