import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { openDatabase } from '../../../src/db/orm';
import { demoOfacNamesake } from '../../../src/demo/lists/demo-list-namesakes';
import { launchBrowser, viewports } from '../../support/browser';
import { pdfText } from '../../support/pdf-text';
import { checkAndSave } from '../../support/web-journey-pages';
import { startJourneyService, type JourneyService } from '../../support/web-journey-service';

/*
 * Issue 41's analyst, by clicking in Debian's chromium against the service as `npm start` runs it (embedded
 * Temporal dev server, worker, API, demo register): on Free the KYB pages say what a check is and where to
 * upgrade; on Starter (set by the operator's CLI) search "GATE" from the header, narrow it to active companies,
 * open one, run a KYB check with its name slightly wrong, see it referred with its reasons, download the PDF and
 * find the outcome and reason codes in its text, and find the check again under KYB checks by its client
 * reference; then screen the company whose director has a namesake on the demo OFAC list and see the match
 * with its explanation; run the screener for software companies in the North West, add the results to a new
 * list and download them as CSV. Each page is checked at 1280 px and 360 px (axe-core, no sideways scroll) and
 * saved as kyb-journey-NN-<page>-<width> for docs/screenshots/.
 */

jest.setTimeout(300_000);

describe('the analyst’s KYB journey in a browser, against the service as npm start runs it', () => {
  let service: JourneyService;
  let browser: Browser;
  let page: Page;
  let shot = 0;
  const email = 'kyb-analyst@example.com';

  const path = () => new URL(page.url()).pathname;
  const mainText = async () => (await page.locator('main').innerText()).replace(/\s+/g, ' ');

  async function seen(name: string, options: { focus?: string } = {}) {
    const numbered = `kyb-journey-${String(++shot).padStart(2, '0')}-${name}`;
    await checkAndSave(page, numbered, 'desktop', options);
    await page.setViewportSize(viewports.phone);
    await checkAndSave(page, numbered, 'phone', options);
    await page.setViewportSize(viewports.desktop);
  }

  beforeAll(async () => {
    service = await startJourneyService({});
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: viewports.desktop, acceptDownloads: true })).newPage();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('searches, runs a KYB check that is referred, downloads its PDF and finds it again', async () => {
    await page.goto(`${service.url}/app/sign-up`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Sign up' }).click();
    const key = (await page.locator('#api-key').textContent())!;
    await page.getByRole('link', { name: 'Sign in with your key' }).click();
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(path()).toBe('/app/lists');

    // On Free: what a KYB check is, and the upgrade link, never a broken page.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'KYB checks' }).click();
    expect(await mainText()).toContain('A KYB check compares what your customer told you');
    expect(await page.getByRole('link', { name: /Upgrade to starter/ }).count()).toBe(1);
    await seen('kyb-free');

    const found = await service.cli<{ accounts: { account_id: string }[] }>(
      'accounts',
      'find',
      '--email',
      email,
    );
    await service.cli(
      'accounts',
      'set-plan',
      '--account',
      found.accounts[0]!.account_id,
      '--plan',
      'starter',
    );

    // Search from the header, then narrow to active companies with the page's filters.
    await page.getByLabel('Search companies by name or number').fill('GATE');
    await page.getByRole('button', { name: 'Search', exact: true }).first().click();
    expect(path()).toBe('/app/companies');
    await page.getByLabel('Status').selectOption('active');
    await page.locator('#company-search-form').getByRole('button', { name: 'Search' }).click();
    expect(new URL(page.url()).searchParams.get('status')).toBe('active');
    const results = page.getByRole('table', { name: 'Companies found' });
    const first = results.getByRole('rowheader').first().getByRole('link');
    const companyName = (await first.textContent())!;
    await seen('company-search');

    await first.click();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(companyName);
    await page.getByRole('link', { name: 'Run a KYB check on this company' }).click();
    expect(path()).toBe('/app/kyb/new');
    expect(await page.getByLabel('Company name as stated').inputValue()).toBe(companyName);
    await page.getByLabel('Client reference').fill('CASE-BROWSER-1');
    // One letter of the registered name left out: close to it, not it.
    await page.getByLabel('Company name as stated').fill(companyName.replace(/([A-Z])([A-Z])/, '$1'));
    await seen('kyb-new');
    await page.getByRole('button', { name: 'Run the check' }).click();
    expect(path()).toMatch(/^\/app\/kyb\/kyb_/);
    const checkPath = path();
    expect(await page.locator('#kyb-summary .outcome').first().getAttribute('data-outcome')).toBe('refer');
    const codes = await page.locator('#reasons .card-kicker code').allTextContents();
    expect(codes).toContain('name_close_match');
    await seen('kyb-check');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download as PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^kyb-check-kyb_[\w-]+\.pdf$/);
    const text = (await pdfText(readFileSync((await download.path())!))).replace(/\s+/g, ' ');
    expect(text).toContain('Outcome: Refer (refer)');
    for (const code of codes) expect(text).toContain(code);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'KYB checks' }).click();
    await page.getByLabel('Client reference').fill('CASE-BROWSER-1');
    await page.getByRole('button', { name: 'Filter' }).click();
    const row = page.getByRole('table', { name: 'KYB checks' }).getByRole('row');
    expect(await row.count()).toBe(2);
    expect(await row.nth(1).getByRole('link').first().getAttribute('href')).toBe(checkPath);
    await seen('kyb-checks');

    // The sanctions screen of the company whose director has a namesake on the demo OFAC list.
    const orm = await openDatabase(service.database);
    const namesake = (await demoOfacNamesake(orm.em.fork()))!;
    await orm.close();
    await page.getByLabel('Search companies by name or number').fill(namesake.companyNumber);
    await page.getByLabel('Search companies by name or number').press('Enter');
    await page.getByRole('table', { name: 'Companies found' }).getByRole('link').first().click();
    await page.getByRole('link', { name: 'Screen for sanctions' }).click();
    const match = page.locator('.potential-match', { hasText: namesake.uniqueIds.ofac });
    expect(await match.count()).toBe(1);
    expect(await match.innerText()).toContain(namesake.officerName);
    expect(await match.getByRole('table').getByRole('row').count()).toBeGreaterThan(1);
    await seen('company-sanctions');

    // The screener: software (SIC division 62) in the North West, turnover £1m+, growing (docs/screener.md).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Screener' }).click();
    await page.getByLabel('SIC division').fill('62');
    await page.getByLabel('Region', { exact: true }).selectOption('North West');
    await page.getByLabel('Turnover at least (£)', { exact: true }).fill('1000000');
    await page.getByLabel('Turnover growth at least (%)', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Screen', exact: true }).click();
    const asked = new URL(page.url()).searchParams;
    expect([asked.get('sic_division'), asked.get('region'), asked.get('turnover_min')]).toEqual([
      '62',
      'North West',
      '1000000',
    ]);
    const screened = page.getByRole('table', { name: /Companies screened/ });
    const numbers = await screened.getByRole('rowheader').locator('code').allTextContents();
    expect(numbers.length).toBeGreaterThanOrEqual(3);
    await seen('screen', { focus: '#screen-results-heading' });

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download as CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^screen-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await csv.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^company_number,company_name,/);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(numbers);

    await page.getByLabel('List', { exact: true }).selectOption('new');
    await page.getByLabel('New list’s name').fill('North West software');
    await page.getByRole('button', { name: 'Add all to the list' }).click();
    expect(await page.locator('#screen-added').innerText()).toContain(
      `${numbers.length} added, 0 already there, of ${numbers.length} screened`,
    );
    await page.getByRole('link', { name: 'North West software' }).click();
    expect(path()).toMatch(/^\/app\/lists\/\d+$/);
    for (const number of numbers) expect(await mainText()).toContain(number);
  });
});
