import type { Browser, BrowserContext, Page } from 'playwright-core';
import { setPlan } from '../../../src/domain/accounts/accounts';
import { expectUsablePage, launchBrowser, viewports } from '../../support/browser';
import { signUp, type TestApp } from '../../support/test-app';
import { startOnCompanyPages, type SeededCompanies } from './web-company-seed';
import { DEMO_SEEDING_TIMEOUT_MS } from '../../support/demo-seeding';

/*
 * The company page in Debian's chromium at a phone's width and a desktop's: axe-core finds no serious violation,
 * nothing scrolls sideways, Chart.js draws every chart (a Chart instance on each canvas, and blue bars in its
 * pixels) under the page's CSP with nothing refused, the filings filter works from the keyboard, and a Free
 * account's page shows the plan notes. A screenshot of each.
 */
describe.each(Object.entries(viewports))('company page in a browser (%s)', (viewportName, viewport) => {
  let app: TestApp;
  let browser: Browser;
  let companies: SeededCompanies;
  const problems: string[] = [];

  async function signedInPage(plan: 'free' | 'team'): Promise<{ context: BrowserContext; page: Page }> {
    const caller = await signUp(app);
    if (plan !== 'free') await setPlan(app.services.orm.em.fork(), caller.account_id, plan);
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    // CSP refusals and script errors are logged to the console: any one fails the test.
    page.on('console', (message) => {
      // A failed load is told by its response below, with its address (the browser's own favicon.ico is one).
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        problems.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico')
        problems.push(`${response.status()} ${response.url()}`);
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${app.url}/app/sign-in`);
    await page.getByLabel('API key').fill(caller.api_key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${app.url}/app/lists`);
    return { context, page };
  }

  async function checkPage(page: Page, name: string) {
    await expectUsablePage(page, name, `web-${name}-${viewportName}`);
  }

  beforeAll(async () => {
    ({ app, companies } = await startOnCompanyPages());
    browser = await launchBrowser();
  }, DEMO_SEEDING_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('draws the financial charts and passes axe without sideways scrolling', async () => {
    const { context, page } = await signedInPage('team');
    await page.goto(`${app.url}/app/companies/${companies.rich}`);
    const canvases = page.locator('canvas[data-measure]');
    const count = await canvases.count();
    expect(count).toBeGreaterThanOrEqual(3);
    await page.waitForFunction((n) => document.querySelectorAll('canvas[data-drawn]').length === n, count);
    const drawn = await page.evaluate(() =>
      [...document.querySelectorAll('canvas')].map((canvas) => {
        const chart = (globalThis as unknown as { Chart: { getChart(c: HTMLCanvasElement): unknown } }).Chart;
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        let blue = 0;
        // The bars' colour (#0b57d0), solid or hatched: pixels a blank canvas never has.
        for (let i = 0; i < data.length; i += 4)
          if (data[i]! < 40 && data[i + 1]! > 60 && data[i + 1]! < 120 && data[i + 2]! > 180) blue += 1;
        const box = canvas.getBoundingClientRect();
        return {
          measure: canvas.dataset.measure,
          instance: chart.getChart(canvas) !== undefined,
          blue: blue > 50,
          fits: box.width > 100 && box.right <= document.documentElement.clientWidth,
          label: canvas.getAttribute('aria-label') ?? '',
        };
      }),
    );
    for (const chart of drawn) {
      expect(chart).toMatchObject({ instance: true, blue: true, fits: true });
      expect(chart.label).toMatch(/by year end, \d{4} to \d{4}; the table below gives each figure/);
    }
    await checkPage(page, 'company');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('filters the filing history from the keyboard', async () => {
    const { context, page } = await signedInPage('team');
    await page.goto(`${app.url}/app/companies/${companies.rich}`);
    await page.getByLabel('Category').focus();
    // A closed select chooses by typing the start of an option's text.
    await page.keyboard.type('Accounts');
    expect(await page.getByLabel('Category').inputValue()).toBe('accounts');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(/category=accounts/);
    const cells = await page.locator('#filings tbody td:nth-child(4)').allTextContents();
    expect(cells.length).toBeGreaterThan(0);
    expect(new Set(cells)).toEqual(new Set(['Accounts']));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a Free account the plan notes, with the upgrade link', async () => {
    const { context, page } = await signedInPage('free');
    await page.goto(`${app.url}/app/companies/${companies.rich}`);
    expect(await page.getByRole('link', { name: /Upgrade to starter/ }).count()).toBe(5);
    expect(await page.locator('canvas').count()).toBe(0);
    await checkPage(page, 'company-free');
    expect(problems).toEqual([]);
    await context.close();
  });
});
