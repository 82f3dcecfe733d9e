import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  saveScreenshot,
  scrollsSideways,
  seriousAccessibilityViolations,
  viewports,
} from '../support/browser';

/*
 * The browser tests' own instruments, checked against pages made to pass or fail them: Debian's chromium starts,
 * axe-core finds a control without a label, and the sideways-scroll check sees a page wider than a phone. A check
 * that could not fail here would pass every page of the web app unseen.
 */

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" ` +
  `content="width=device-width, initial-scale=1"><title>Harness</title></head><body><main><h1>Harness</h1>` +
  `${body}</main></body></html>`;

const pages: Record<string, string> = {
  '/labelled': page(
    '<form><label for="email">Email</label><input id="email" name="email" type="email"></form>',
  ),
  '/unlabelled': page('<form><input name="email" type="email"></form>'),
  '/wide': page('<div style="width: 900px">A table far wider than a phone</div>'),
};

describe('browser test harness (Debian chromium, axe-core)', () => {
  let server: Server;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const html = pages[req.url ?? ''];
      res.writeHead(html ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(html ?? 'not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('finds no serious violation on a labelled form, and saves a screenshot of it', async () => {
    const tab = await browser.newPage({ viewport: viewports.phone });
    await tab.goto(`${base}/labelled`);
    expect(await seriousAccessibilityViolations(tab)).toEqual([]);
    expect(await scrollsSideways(tab)).toBe(false);
    expect(await saveScreenshot(tab, 'harness-labelled')).toMatch(/harness-labelled\.png$/);
    await tab.close();
  });

  it('reports a control without a label', async () => {
    const tab = await browser.newPage({ viewport: viewports.desktop });
    await tab.goto(`${base}/unlabelled`);
    const violations = await seriousAccessibilityViolations(tab);
    expect(violations.map((v) => v.id)).toContain('label');
    expect(violations.find((v) => v.id === 'label')?.targets).toEqual(['input']);
    await tab.close();
  });

  it('sees a page wider than a 360 px window', async () => {
    const tab = await browser.newPage({ viewport: viewports.phone });
    await tab.goto(`${base}/wide`);
    expect(await scrollsSideways(tab)).toBe(true);
    await tab.setViewportSize(viewports.desktop);
    expect(await scrollsSideways(tab)).toBe(false);
    await tab.close();
  });
});
