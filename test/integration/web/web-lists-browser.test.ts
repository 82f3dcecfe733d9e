import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { accountForApiKey, setPlan } from '../../../src/domain/accounts/accounts';
import type { PlanName } from '../../../src/domain/accounts/plans';
import { importCompaniesCsv } from '../../../src/ingest/companies-house/import-companies';
import { expectUsablePage, launchBrowser, viewports } from '../../support/browser';
import { projectRoot } from '../../support/paths';
import { request, startTestApp, type TestApp } from '../../support/test-app';
import { WebClient, signUpThroughPages } from '../../support/web-client';

const fixture = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');
/** A loopback origin the test app allows as a development webhook origin. */
const DEV_ORIGIN = 'http://127.0.0.1:9';

/*
 * The lists area in Debian's chromium, by labels as a user finds the controls: search the register and add a
 * company, filter and sort, then the settings page: rename, and "Monitoring and alerts" refused on Free and
 * switched on on Team, routed to two alert types at warning and above. Each page is checked by axe-core and for sideways scrolling at phone and desktop width,
 * with a screenshot.
 */
describe.each(Object.entries(viewports))('lists in a browser (%s)', (viewportName, viewport) => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let key: string;
  let accountId: string;

  async function checkPage(name: string) {
    await expectUsablePage(page, name, `web-${name}-${viewportName}`);
  }
  const setAccountPlan = (plan: PlanName) => setPlan(app.services.orm.em.fork(), accountId, plan);
  const path = () => new URL(page.url()).pathname;

  beforeAll(async () => {
    app = await startTestApp({ WEBHOOK_DEV_ALLOWED_ORIGINS: DEV_ORIGIN });
    await importCompaniesCsv(app.services.orm.em.fork(), fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
    ({ key } = await signUpThroughPages(new WebClient(app.url)));
    const em = app.services.orm.em.fork();
    accountId = (await accountForApiKey(em, key))!.account.id;
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport })).newPage();
    await page.goto(`${app.url}/app/sign-in`);
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(path()).toBe('/app/lists');
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('adds a company found by search, then filters and sorts the list', async () => {
    await page.getByLabel('List name').fill('Key suppliers');
    await page.getByRole('button', { name: 'Create list' }).click();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Key suppliers');

    // The search box by keyboard: type, then Enter submits it.
    await page.getByLabel('Search the register').fill('acorn leaf');
    await page.getByLabel('Search the register').press('Enter');
    await page.getByRole('table', { name: /Companies found for/ }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('acorn leaf');
    const link = page.getByRole('link', { name: 'ACORN LEAF CONSULTING LTD' });
    expect(await link.getAttribute('href')).toBe('/app/companies/09876543');
    await checkPage('list-search');
    await page.getByRole('button', { name: 'Add ACORN LEAF CONSULTING LTD' }).click();
    await page.getByRole('status').filter({ hasText: 'Added 1' }).waitFor();
    await page.getByLabel('Search the register').fill('zzqqxx');
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    expect(await page.locator('#search-nothing').textContent()).toContain('“zzqqxx”');

    await page.getByLabel('Search the register').fill('SC412345');
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: 'Add HIGHLAND TIMBER SUPPLIES LIMITED' }).click();
    const companies = page.getByRole('table', { name: /Companies on/ });
    await companies.getByRole('rowheader', { name: 'HIGHLAND TIMBER SUPPLIES LIMITED' }).waitFor();

    await page.getByLabel('Sort by').selectOption('number');
    await page.getByLabel('Order').selectOption('desc');
    await page.getByRole('button', { name: 'Apply' }).click();
    const query = new URL(page.url()).searchParams;
    expect([query.get('sort'), query.get('order')]).toEqual(['number', 'desc']);
    const rows = await page
      .getByRole('table', { name: /Companies on/ })
      .getByRole('rowheader')
      .allTextContents();
    expect(rows.map((r) => r.trim())).toEqual([
      'HIGHLAND TIMBER SUPPLIES LIMITED',
      'ACORN LEAF CONSULTING LTD',
    ]);
    await checkPage('list-filtered');

    await page.getByLabel('Lowest health score').fill('500');
    await page.getByRole('button', { name: 'Apply' }).click();
    expect(await page.locator('#filter-min-score-error').isVisible()).toBe(true);
    await checkPage('list-filter-refused');
  });

  it('renames the list and, on Free, refuses switching its webhook on here, saying why and how', async () => {
    await page.getByRole('link', { name: 'List settings' }).click();
    expect(path()).toMatch(/^\/app\/lists\/\d+\/settings$/);
    await page.getByRole('heading', { name: 'Monitoring and alerts' }).waitFor();
    expect(await page.getByLabel('Send changes to a webhook').isDisabled()).toBe(true);
    expect(await page.getByLabel('Webhook URL').isDisabled()).toBe(true);
    expect(await page.getByLabel('new_filing', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Lowest severity sent').isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Upgrade to team' }).getAttribute('href')).toBe(
      app.config.UPGRADE_URL,
    );
    await checkPage('list-settings-free');

    await page.getByLabel('List name').fill('Key suppliers (UK)');
    await page.getByLabel('List name').press('Enter');
    await page.getByText('The list is renamed.').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Settings of “Key suppliers (UK)”',
    );
  });

  it('on Team, switches the webhook on, showing a refused address by its field first', async () => {
    await setAccountPlan('team');
    await page.reload();
    const routingShown = async () => ({
      ticked: await page
        .getByRole('group', { name: 'Alert types sent' })
        .getByRole('checkbox', { checked: true })
        .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value)),
      severity: await page.getByLabel('Lowest severity sent').inputValue(),
    });
    expect(await routingShown()).toEqual({ ticked: [], severity: 'info' });
    await page.getByLabel('Send changes to a webhook').check();
    await page.getByLabel('status_change', { exact: true }).check();
    await page.getByLabel('gazette_notice', { exact: true }).check();
    await page.getByLabel('Lowest severity sent').selectOption('warning');
    await page.getByLabel('Webhook URL').fill('http://hooks.example.com/x');
    await page.getByRole('button', { name: 'Save monitoring settings' }).click();
    expect(await page.locator('#webhook-url-error').isVisible()).toBe(true);
    expect(await page.getByLabel('Webhook URL').inputValue()).toBe('http://hooks.example.com/x');
    // The refused form comes back as it was sent, the routing with it.
    const routed = { ticked: ['status_change', 'gazette_notice'], severity: 'warning' };
    expect(await routingShown()).toEqual(routed);
    await checkPage('list-settings-refused');

    await page.getByLabel('Webhook URL').fill(`${DEV_ORIGIN}/hooks`);
    await page.getByRole('button', { name: 'Save monitoring settings' }).click();
    await page.getByText('Monitoring settings saved.').waitFor();
    expect(await page.getByLabel('Send changes to a webhook').isChecked()).toBe(true);
    expect(await routingShown()).toEqual(routed);
    await checkPage('list-settings-team');
    const { body } = await request<{
      lists: { name: string; webhook_url: string; alert_webhook: boolean }[];
    }>(app, 'GET', '/lists', { key });
    expect(body.lists).toEqual([
      expect.objectContaining({
        name: 'Key suppliers (UK)',
        webhook_url: `${DEV_ORIGIN}/hooks`,
        alert_webhook: true,
        alert_types: ['status_change', 'gazette_notice'],
        min_severity: 'warning',
      }),
    ]);

    await page.getByRole('link', { name: 'Back to the list' }).click();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Key suppliers (UK)');
    await page.getByRole('link', { name: 'Your lists' }).click();
    await checkPage('lists-with-settings');
    await page.getByRole('link', { name: 'Settings of Key suppliers (UK)' }).click();
    expect(path()).toMatch(/\/settings$/);
  });
});
