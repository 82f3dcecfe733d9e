import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { projectRoot } from './paths';

/*
 * The web app's browser tests drive Debian's chromium through playwright-core: Playwright's own browser download is
 * not reachable from these machines. `npm test` installs the package when it is missing (scripts/setup.mjs
 * --chromium); CHROMIUM_PATH points elsewhere.
 */

const DEFAULT_CHROMIUM = '/usr/bin/chromium';

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium at ${path}. Install Debian's package (\`sudo apt-get install chromium\`, or run ` +
        '`node scripts/setup.mjs --chromium` as root) or set CHROMIUM_PATH.',
    );
  }
  return path;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    // Tests run as root in CI, where Chromium's sandbox cannot start.
    args: ['--no-sandbox'],
  });
}

/** Phone and desktop windows the pages are checked at (the issue: no horizontal scroll from 360 px). */
export const viewports = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 900 },
} as const;

/** Where screenshots go: test artefacts, not committed (CI keeps the folder). */
export const screenshotDir = join(projectRoot, 'test-artifacts', 'screenshots');

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const axeSource = () => readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The page's accessibility violations of serious or critical impact, by axe-core. The script is evaluated through
 * the DevTools protocol, which a page's Content-Security-Policy does not govern, so the check needs no exception in
 * the policy the service sends.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource());
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: RawViolation[] }> } }).axe;
    interface RawViolation {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: unknown[] }[];
    }
    const result = await axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** True when the page is wider than its window: the issue asks for no horizontal scrolling from 360 px. */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/**
 * What every web page must be, checked where the test stands: no serious or critical axe violation and nothing
 * scrolling sideways (`name` says which page failed); then its screenshot is saved as `screenshot`.
 */
export async function expectUsablePage(page: Page, name: string, screenshot: string): Promise<void> {
  expect({ name, violations: await seriousAccessibilityViolations(page) }).toEqual({ name, violations: [] });
  expect({ name, sideways: await scrollsSideways(page) }).toEqual({ name, sideways: false });
  await saveScreenshot(page, screenshot);
}
