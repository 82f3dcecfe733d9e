import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { accountForApiKey, setPlan } from '../../../src/domain/accounts/accounts';
import { importCompaniesCsv } from '../../../src/ingest/companies-house/import-companies';
import { expectUsablePage, launchBrowser, viewports } from '../../support/browser';
import { projectRoot } from '../../support/paths';
import { startTestApp, type TestApp } from '../../support/test-app';

const fixture = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');

/*
 * The web app's first slice in Debian's chromium, by its labels as a user finds the controls: sign up, copy the
 * key, sign in, create a list, add and remove a company, delete the list, sign out. Every page is checked by
 * axe-core (no serious violation) and for sideways scrolling, at a phone's width and a desktop's, with a
 * screenshot of each.
 */
describe.each(Object.entries(viewports))('web app in a browser (%s)', (viewportName, viewport) => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  const checked: string[] = [];

  async function checkPage(name: string) {
    await expectUsablePage(page, name, `web-${name}-${viewportName}`);
    checked.push(name);
  }

  beforeAll(async () => {
    app = await startTestApp();
    await importCompaniesCsv(app.services.orm.em.fork(), fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('signs up, shows the key once with a working copy button, and signs in with it', async () => {
    await page.goto(`${app.url}/`);
    expect(new URL(page.url()).pathname).toBe('/app');
    await checkPage('home');
    await page.getByRole('link', { name: 'Sign up with your email' }).click();
    await page.getByLabel('Email').fill(`browser-${viewportName}@example.com`);
    await checkPage('sign-up');
    await page.getByRole('button', { name: 'Sign up' }).click();
    const key = (await page.locator('#api-key').textContent())!.trim();
    expect(key).toMatch(/^cds_/);
    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.waitForFunction(() => document.getElementById('copy-status')?.textContent !== '');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await checkPage('api-key');

    // Team: the walk through views more pages a minute than Free's quota allows.
    const em = app.services.orm.em.fork();
    await setPlan(em, (await accountForApiKey(em, key))!.account.id, 'team');

    await page.getByRole('link', { name: 'Sign in with your key' }).click();
    await page.getByLabel('API key').fill('cds_wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.locator('#api-key-error').textContent()).toContain('unknown or has been revoked');
    await checkPage('sign-in-refused');
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(new URL(page.url()).pathname).toBe('/app/lists');
    expect(await page.content()).not.toContain(key);
  });

  it('creates a list, adds and removes a company, then deletes the list and signs out', async () => {
    await page.getByRole('button', { name: 'Create list' }).click();
    expect(await page.locator('#list-name-error').isVisible()).toBe(true);
    await checkPage('lists-refused');
    await page.getByLabel('List name').fill('Clients to watch');
    await page.getByLabel('Kind').selectOption('clients');
    await page.getByRole('button', { name: 'Create list' }).click();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Clients to watch');

    await page.getByLabel('Company number').fill('NOT-A-NUMBER');
    await page.getByRole('button', { name: 'Add to list' }).click();
    expect(await page.locator('#company-number-error').isVisible()).toBe(true);
    await page.getByLabel('Company number').fill('09876543 SC412345');
    await page.getByRole('button', { name: 'Add to list' }).click();
    await page.getByRole('rowheader', { name: 'ACORN LEAF CONSULTING LTD' }).waitFor();
    await checkPage('list');
    await page.getByRole('button', { name: 'Remove ACORN LEAF CONSULTING LTD' }).click();
    expect(await page.getByRole('rowheader', { name: 'ACORN LEAF CONSULTING LTD' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Your lists' }).click();
    await checkPage('lists');
    await page.getByRole('link', { name: 'Delete Clients to watch' }).click();
    await checkPage('delete-list');
    await page.getByRole('button', { name: 'Delete list' }).click();
    expect(await page.content()).toContain('No lists yet');

    await page.goto(`${app.url}/app/no-such-page`);
    await checkPage('not-found');
    await page.goto(`${app.url}/app/lists`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect(new URL(page.url()).pathname).toBe('/app');
    await page.goto(`${app.url}/app/lists`);
    expect(new URL(page.url()).pathname).toBe('/app/sign-in');
    expect(checked).toHaveLength(9);
  });
});
