import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { setPlan } from '../../../src/domain/accounts/accounts';
import { importDemoSanctionsList } from '../../../src/demo/demo-sanctions-list';
import { startRun } from '../../../src/domain/sanctions/ongoing/ongoing-screening-runs';
import { rescreenNextBatch } from '../../../src/domain/sanctions/ongoing/rescreen-batch';
import { currentSanctionsLists } from '../../../src/domain/sanctions/sanctions-list';
import { importCompaniesCsv } from '../../../src/ingest/companies-house/import-companies';
import { importCompanyDetailsDir } from '../../../src/ingest/companies-house/resources/import-company-details';
import { expectUsablePage, launchBrowser, viewports } from '../../support/browser';
import { CSV_COLUMN, csvRow, SAMPLE_COMPANIES_CSV } from '../../support/company-csv-rows';
import { request, signUp, startTestApp, type TestApp } from '../../support/test-app';
import { signInThroughPages, WebClient } from '../../support/web-client';

/*
 * The web app's page of potential sanctions matches in Debian's chromium, at a phone's width and a desktop's: a
 * match found by a re-screen (the workflow's own batch code, run here) is listed with its company, list and
 * score, a decision is recorded with its button (CSRF token in the form), and a POST without the token is refused.
 * Every page is checked by axe-core (no serious violation) and for sideways scrolling.
 */

const NUMBER = '08112233';
const AS_OF = new Date('2026-11-01T00:00:00Z');

describe.each(Object.entries(viewports))(
  'potential sanctions matches in a browser (%s)',
  (viewportName, viewport) => {
    let app: TestApp;
    let browser: Browser;
    let page: Page;
    let key: string;
    let dir: string;
    const path = () => new URL(page.url()).pathname;

    beforeAll(async () => {
      app = await startTestApp();
      dir = mkdtempSync(join(tmpdir(), 'cds-web-matches-'));
      const register = join(dir, 'register.csv');
      writeFileSync(
        register,
        `${readFileSync(SAMPLE_COMPANIES_CSV, 'utf8').split('\n')[0]}\n` +
          `${csvRow({ [CSV_COLUMN.NAME]: 'NORDVIND TRADING LTD', [CSV_COLUMN.NUMBER]: NUMBER })}\n`,
      );
      const folder = join(dir, 'details', 'companies', NUMBER);
      mkdirSync(folder, { recursive: true });
      writeFileSync(
        join(folder, 'officers.json'),
        JSON.stringify({
          kind: 'officer-list',
          items: [
            {
              name: 'PETROV, Ivan Sergeevich',
              officer_role: 'director',
              appointed_on: '2019-01-01',
              date_of_birth: { month: 3, year: 1971 },
              nationality: 'Russian',
              country_of_residence: 'England',
              address: { address_line_1: '1 Quay Street', locality: 'Hull', postal_code: 'HU1 1AA' },
              links: {
                self: `/company/${NUMBER}/appointments/p1`,
                officer: { appointments: '/officers/p1/appointments' },
              },
            },
          ],
        }),
      );
      const em = app.services.orm.em.fork();
      await importCompaniesCsv(em, register, { asOf: AS_OF });
      await importCompanyDetailsDir(em, join(dir, 'details'), { source: 'import', detectedAt: AS_OF });
      const account = await signUp(app);
      key = account.api_key;
      await setPlan(app.services.orm.em.fork(), account.account_id, 'team');
      const list = await request(app, 'POST', '/lists', { key, body: { name: 'Clients', kind: 'clients' } });
      await request(app, 'POST', '/lists/companies', {
        key,
        body: { list_id: list.body.id, company_numbers: [NUMBER] },
      });
      const version = await importDemoSanctionsList(app.services.orm.em.fork(), {
        designations: 20,
        seed: 3,
        asOf: AS_OF,
        collisions: [
          {
            kind: 'person',
            forenames: 'Ivan Sergeevich',
            surname: 'PETROV',
            birth: { year: 1971, month: 3 },
          },
        ],
      });
      const [uk] = await currentSanctionsLists(app.services.orm.em.fork(), ['uk']);
      const run = (await startRun(app.services.orm.em.fork(), version.version.id, AS_OF))!;
      await rescreenNextBatch(app.services.orm.em.fork(), run, {
        index: await uk!.index(),
        changed: null,
        batchSize: 200,
        publicBaseUrl: app.config.PUBLIC_BASE_URL,
        now: () => new Date(),
      });

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
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('lists the match and records a decision with its button', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sanctions' }).click();
      await page.getByRole('link', { name: 'Potential matches found' }).click();
      expect(path()).toBe('/app/sanctions/matches');
      await page.getByRole('link', { name: 'NORDVIND TRADING LTD' }).waitFor();
      expect(await page.locator('.card-kicker').first().textContent()).toContain('Open: to review');
      expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toContain(
        'PETROV, Ivan Sergeevich',
      );
      await expectUsablePage(page, 'screening-matches', `web-screening-matches-${viewportName}`);
      await page.getByRole('button', { name: /^Confirm/ }).click();
      expect(path()).toBe('/app/sanctions/matches');
      expect(await page.locator('.card-kicker').first().textContent()).toContain('Confirmed');
      const [match] = (
        await request<{ matches: { status: string; decision: unknown }[] }>(
          app,
          'GET',
          '/screening/matches',
          { key },
        )
      ).body.matches;
      expect(match).toMatchObject({ status: 'confirmed', decision: expect.any(Object) });
      await expectUsablePage(
        page,
        'screening-matches-decided',
        `web-screening-matches-decided-${viewportName}`,
      );
    });

    it('refuses a decision posted without the page’s CSRF token', async () => {
      const client = new WebClient(app.url);
      await signInThroughPages(client, key);
      const [match] = (
        await request<{ matches: { id: number }[] }>(app, 'GET', '/screening/matches', { key })
      ).body.matches;
      const refused = await client.post(`/app/sanctions/matches/${match!.id}/decision`, {
        decision: 'false_positive',
      });
      expect(refused.status).toBe(403);
      expect(refused.html).toContain('<code id="error-code">csrf_refused</code>');
      const after = await request<{ matches: { status: string }[] }>(app, 'GET', '/screening/matches', {
        key,
      });
      expect(after.body.matches[0]!.status).toBe('confirmed');
    });
  },
);
