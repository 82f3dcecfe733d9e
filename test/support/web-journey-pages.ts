import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expectUsablePage, screenshotDir, viewports } from './browser';

/**
 * Viewport-sized copies of the journey's screenshots, beside the full-page ones: what scripts/docs-screenshots.mjs
 * copies into docs/screenshots/ (a full page at desktop width is too large a PNG for the docs).
 */
export const viewportScreenshotDir = join(screenshotDir, 'viewport');

export type Width = keyof typeof viewports;

/**
 * Checks the page as it stands at one width (axe-core finds no serious violation, nothing scrolls sideways) and
 * saves it as `journey-NN-<name>-<width>`: the full page as a test artefact, and the window's view. `focus`, when
 * given, is scrolled into view first, so the window's view shows it (the company page's charts).
 */
export async function checkAndSave(
  page: Page,
  name: string,
  width: Width,
  options: { focus?: string } = {},
): Promise<void> {
  const file = `${name}-${width}`;
  await expectUsablePage(page, file, file);
  mkdirSync(viewportScreenshotDir, { recursive: true });
  if (options.focus)
    await page.locator(options.focus).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: join(viewportScreenshotDir, `${file}.png`), type: 'png' });
  await page.evaluate(() => window.scrollTo(0, 0));
}
