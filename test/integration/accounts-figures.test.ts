import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { z } from 'zod';
import { AccountsYearEntity } from '../../src/db/entities/accounts-year';
import { CompanyResourceImportEntity } from '../../src/db/entities/company-resource-import';
import { FilingEntity, type Filing } from '../../src/db/entities/filing';
import { RegisterChangeEntity } from '../../src/db/entities/register-change';
import { setPlan } from '../../src/domain/accounts/accounts';
import type { MeasureName } from '../../src/domain/financials/accounts-measures';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import type { ResourceImportContext } from '../../src/ingest/writers/company-resource-import';
import {
  importAccountsDocument,
  importAccountsFile,
} from '../../src/ingest/companies-house/resources/filed-accounts';
import type { getAccounts } from '../../src/operations/get-accounts';
import type { getFinancialHistory } from '../../src/operations/get-financial-history';
import { callToolChecked, connectMcp, toolError } from '../support/mcp-client';
import { projectRoot } from '../support/paths';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';

type Accounts = z.infer<typeof getAccounts.output>;
type History = z.infer<typeof getFinancialHistory.output>;

const UPGRADE_URL = 'https://example.com/upgrade';
const register = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');
const fixtures = join(projectRoot, 'test/fixtures/accounts');
const fixture = (name: string) => join(fixtures, name);
const FIRST: ResourceImportContext = { detectedAt: new Date('2026-11-22T08:00:00.000Z'), source: 'import' };
const SECOND: ResourceImportContext = { detectedAt: new Date('2026-11-22T09:00:00.000Z'), source: 'import' };

const QUIET_2024 = 'quiet-river-2024-frs102.xhtml';
const QUIET_2025 = 'Prod223_3016_12345678_20250331.html';

/** The line in a fixture where a fact with this name and context is tagged (what sources must point at). */
function lineOf(name: string, fact: string, context: string): number {
  const lines = readFileSync(fixture(name), 'utf8').split('\n');
  const index = lines.findIndex((line) => line.includes(`name="${fact}" contextRef="${context}"`));
  if (index === -1) throw new Error(`${fact}@${context} not in ${name}`);
  return index + 1;
}

/** The argument an error names: zod problems name it in details.problems, domain checks in details.argument. */
function argumentOf(error: ErrorBody['error']): unknown {
  const problems = error.details.problems as { argument: string }[] | undefined;
  return problems ? problems[0]?.argument : error.details.argument;
}

describe('accounts figures: import, get_accounts and get_financial_history', () => {
  let app: TestApp;
  let key: string;
  let client: Client;
  const outcomes: Record<string, unknown> = {};

  const em = () => app.services.orm.em.fork();
  const accountsOf = (number: string, query = '', apiKey = key) =>
    request<Accounts & ErrorBody>(app, 'GET', `/company/${number}/accounts${query}`, { key: apiKey });
  const historyOf = (number: string, query = '', apiKey = key) =>
    request<History & ErrorBody>(app, 'GET', `/company/${number}/financial-history${query}`, { key: apiKey });
  const figureChanges = async (companyNumber: string) =>
    (
      await em().find(
        RegisterChangeEntity,
        { companyNumber, field: 'accounts_figures' },
        { orderBy: { sequence: 'asc' } },
      )
    ).map((row) => ({
      alertType: row.alertType,
      change: row.change,
      oldValue: row.oldValue === null ? null : (JSON.parse(row.oldValue) as unknown),
      newValue: JSON.parse(row.newValue ?? 'null') as unknown,
      source: row.source,
      detectedAt: new Date(row.detectedAt).toISOString(),
    }));

  async function addFiling(companyNumber: string, filing: Partial<Filing> & { transactionId: string }) {
    const fork = em();
    fork.create(FilingEntity, {
      companyNumber,
      category: 'accounts',
      subcategory: null,
      type: 'AA',
      date: '2022-12-01',
      actionDate: null,
      descriptionCode: 'accounts-with-accounts-type-small',
      descriptionValues: JSON.stringify({ made_up_date: '2022-03-31' }),
      pages: 9,
      barcode: null,
      paperFiled: true,
      details: '{}',
      ...filing,
    });
    await fork.flush();
  }

  beforeAll(async () => {
    app = await startTestApp({ UPGRADE_URL });
    await importCompaniesCsv(em(), register, { asOf: new Date('2026-11-22T00:00:00Z') });
    outcomes.quietFirst = await importAccountsFile(em(), fixture(QUIET_2024), FIRST);
    outcomes.quietChangesAfterBaseline = await figureChanges('12345678');
    outcomes.quietSecond = await importAccountsFile(em(), fixture(QUIET_2025), SECOND);
    outcomes.quietAgain = await importAccountsFile(em(), fixture(QUIET_2025), SECOND);
    outcomes.loom = await importAccountsFile(em(), fixture('northern-loom-group-2025.xhtml'), FIRST);
    outcomes.highland = await importAccountsFile(em(), fixture('highland-timber-micro-2025.xhtml'), FIRST);
    outcomes.stMarys = await importAccountsFile(em(), fixture('st-marys-court-uk-gaap-2012.xhtml'), FIRST);
    // Paper filings: 2022 has no figures held (a scanned year); 2024 has (no scanned year); 2021 was electronic.
    await addFiling('12345678', { transactionId: 'paper-2022' });
    await addFiling('12345678', {
      transactionId: 'paper-2024',
      date: '2024-12-01',
      descriptionValues: JSON.stringify({ made_up_date: '2024-03-31' }),
    });
    await addFiling('12345678', {
      transactionId: 'electronic-2021',
      date: '2021-12-01',
      descriptionValues: JSON.stringify({ made_up_date: '2021-03-31' }),
      paperFiled: false,
    });
    await addFiling('12345678', {
      transactionId: 'officer-filing',
      category: 'officers',
      descriptionValues: JSON.stringify({ made_up_date: '2020-03-31' }),
    });
    const starter = await signUp(app);
    await setPlan(em(), starter.account_id, 'starter');
    key = starter.api_key;
    client = await connectMcp(app, key);
  });
  afterAll(async () => {
    await client?.close();
    await app?.stop();
  });

  describe('importing filed accounts', () => {
    it('writes the first document as a baseline that announces nothing', () => {
      expect(outcomes.quietFirst).toEqual({ status: 'imported', baseline: true, changes: 0 });
      expect(outcomes.quietChangesAfterBaseline).toEqual([]);
      expect(outcomes.loom).toEqual({ status: 'imported', baseline: true, changes: 0 });
    });

    it('records financials_available for the year a later document newly files, and only once', async () => {
      expect(outcomes.quietSecond).toEqual({ status: 'imported', baseline: false, changes: 1 });
      expect(outcomes.quietAgain).toEqual({ status: 'imported', baseline: false, changes: 0 });
      expect(await figureChanges('12345678')).toEqual([
        {
          alertType: 'financials_available',
          change: 'updated',
          oldValue: null,
          newValue: {
            period_end: '2025-03-31',
            basis: 'company',
            description:
              'figures from accounts made up to 2025-03-31 are available: turnover £910,000, loss £34,500, net assets £210,000',
          },
          source: 'import',
          detectedAt: SECOND.detectedAt.toISOString(),
        },
      ]);
    });

    it('keeps a year’s own filing over a later comparative, and lets a filing replace an earlier comparative', async () => {
      // 2025's document restates 2024 (turnover 1,049,000); the 2024 filing (1,050,000) stands.
      const held = await em().findOneOrFail(AccountsYearEntity, {
        companyNumber: '12345678',
        periodEnd: '2024-03-31',
        basis: 'company',
      });
      expect(held).toMatchObject({ origin: 'filed', document: QUIET_2024, documentPeriodEnd: '2024-03-31' });
      expect(JSON.parse(held.measures).turnover.value).toBe(1050000);

      // The other order, for another company: the 2025 document first, then the 2024 one.
      const as08123456 = (name: string) =>
        readFileSync(fixture(name), 'utf8').replaceAll('12345678', '08123456');
      expect(
        await importAccountsDocument(em(), as08123456(QUIET_2025), 'blue-door-2025.html', FIRST),
      ).toEqual({
        status: 'imported',
        baseline: true,
        changes: 0,
      });
      expect(
        await importAccountsDocument(em(), as08123456(QUIET_2024), 'blue-door-2024.html', SECOND),
      ).toEqual({
        status: 'imported',
        baseline: false,
        changes: 1,
      });
      const years = (await accountsOf('08123456')).body.years;
      expect(years.map((y) => [y.period_end, y.origin, y.document.name, y.figures.turnover])).toEqual([
        ['2025-03-31', 'filed', 'blue-door-2025.html', 910000],
        ['2024-03-31', 'filed', 'blue-door-2024.html', 1050000],
        ['2023-03-31', 'comparative', 'blue-door-2024.html', 980000],
      ]);
      expect((await figureChanges('08123456')).map((c) => c.newValue)).toEqual([
        {
          period_end: '2024-03-31',
          basis: 'company',
          description:
            'figures from accounts made up to 2024-03-31 are available: turnover £1,050,000, loss £15,500, net assets £244,500',
        },
      ]);
    });

    it('refuses a document for a company the register does not hold, writing nothing', async () => {
      const outcome = await importAccountsFile(em(), fixture('uk-gaap-abbreviated.xhtml'), SECOND);
      expect(outcome).toEqual({ status: 'unknown_company' });
      expect(await em().count(AccountsYearEntity, { companyNumber: '04567890' })).toBe(0);
      expect(await em().count(CompanyResourceImportEntity, { companyNumber: '04567890' })).toBe(0);
    });

    it('refuses bad documents with invalid_argument naming the document, writing nothing', async () => {
      const before = await em().count(AccountsYearEntity, {});
      const changesBefore = await em().count(RegisterChangeEntity, {});
      const quiet2025 = readFileSync(fixture(QUIET_2025), 'utf8');
      const cases: [string, string, RegExp][] = [
        [
          '<html><body><p>Accounts</p></body></html>',
          'plain.html',
          /^plain\.html: not an inline XBRL accounts document/,
        ],
        [
          quiet2025,
          'Prod223_3016_09876543_20250331.html',
          /states company number 12345678 but its file name says 09876543/,
        ],
        [
          quiet2025,
          'Prod223_3016_12345678_20240331.html',
          /reports a year ending 2025-03-31 but its file name says 2024-03-31/,
        ],
        [
          quiet2025.replace(
            /<ix:nonNumeric name="bus:UKCompaniesHouseRegisteredNumber"[^>]*>12345678<\/ix:nonNumeric>/,
            '',
          ),
          'no-number.html',
          /^no-number\.html: no company number/,
        ],
      ];
      for (const [source, name, message] of cases) {
        const refusal = await importAccountsDocument(em(), source, name, SECOND).then(
          () => null,
          (error: Error & { code?: string; details?: Record<string, unknown> }) => error,
        );
        expect({ name, code: refusal?.code }).toEqual({ name, code: 'invalid_argument' });
        expect(refusal?.message).toMatch(message);
        expect(refusal?.details).toMatchObject({ document: name });
      }
      expect(await em().count(AccountsYearEntity, {})).toBe(before);
      expect(await em().count(RegisterChangeEntity, {})).toBe(changesBefore);
    });
  });

  describe('get_accounts', () => {
    it('says what the reader left out of a document: a figure tagged twice with two values is null, not guessed', async () => {
      const cash =
        '<ix:nonFraction name="core:CashBankOnHand" contextRef="cy-end" unitRef="GBP" decimals="0" ' +
        'format="ixt:num-dot-decimal">42,750</ix:nonFraction>';
      const source = readFileSync(fixture('frs102-small-full.xhtml'), 'utf8')
        .replaceAll('09876543', '15678901')
        .replace(cash, `${cash} (also ${cash.replace('42,750', '42,570')})`);
      await importAccountsDocument(em(), source, 'fresh-start-conflicting.xhtml', FIRST);
      const [year] = (await accountsOf('15678901')).body.years;
      expect(year?.figures.cash).toBeNull();
      expect(year?.document.problems).toEqual([
        {
          code: 'conflicting_facts',
          message: expect.stringMatching(
            /^cash for \d{4}-\d{2}-\d{2} is tagged with different values \(42750, 42570\)/,
          ),
        },
      ]);
      const clean = (await accountsOf('12345678')).body.years;
      expect(clean.every((y) => y.document.problems.length === 0)).toBe(true);
    });

    it('lists every year held newest first with its origin: filed, comparative, scanned', async () => {
      const response = await accountsOf('12345678');
      expect(response.status).toBe(200);
      expect(response.body.company_number).toBe('12345678');
      expect(response.body.currency).toBe('GBP');
      expect(
        response.body.years.map((y) => [y.period_end, y.origin, y.basis, y.document.kind, y.document.name]),
      ).toEqual([
        ['2025-03-31', 'filed', 'company', 'inline_xbrl', QUIET_2025],
        ['2024-03-31', 'filed', 'company', 'inline_xbrl', QUIET_2024],
        ['2023-03-31', 'comparative', 'company', 'inline_xbrl', QUIET_2024],
        ['2022-03-31', 'scanned', 'company', 'paper_filing', 'paper-2022'],
      ]);
    });

    it('gives each year its figures as filed and the facts they were read from', async () => {
      const [latest, , , scanned] = (await accountsOf('12345678')).body.years;
      const cy = (fact: string, context = 'cy') => [
        { fact, context, line: lineOf(QUIET_2025, fact, context) },
      ];
      expect(latest).toEqual({
        period_end: '2025-03-31',
        period_start: '2024-04-01',
        origin: 'filed',
        basis: 'company',
        profit_and_loss_filed: true,
        accounts_type: 'FullAccounts',
        accounting_standard: 'FRS102',
        document: { kind: 'inline_xbrl', name: QUIET_2025, period_end: '2025-03-31', problems: [] },
        figures: {
          turnover: 910000,
          gross_profit: 250000,
          operating_profit: -30000,
          profit_loss: -34500,
          net_assets: 210000,
          total_assets_less_current_liabilities: 260000,
          current_assets: 180000,
          cash: 20000,
          creditors_within_one_year: 210000,
          employees: 10,
        },
        sources: {
          turnover: cy('core:TurnoverRevenue'),
          gross_profit: cy('core:GrossProfitLoss'),
          operating_profit: cy('core:OperatingProfitLoss'),
          profit_loss: cy('core:ProfitLoss'),
          net_assets: cy('core:NetAssetsLiabilities', 'cy-end'),
          total_assets_less_current_liabilities: cy('core:TotalAssetsLessCurrentLiabilities', 'cy-end'),
          current_assets: cy('core:CurrentAssets', 'cy-end'),
          cash: cy('core:CashBankOnHand', 'cy-end'),
          creditors_within_one_year: cy('core:Creditors', 'cy-end-within'),
          employees: cy('core:AverageNumberEmployeesDuringPeriod'),
        },
      });
      expect(scanned).toMatchObject({
        origin: 'scanned',
        period_start: null,
        profit_and_loss_filed: null,
        accounts_type: 'small',
        document: { kind: 'paper_filing', name: 'paper-2022', period_end: '2022-03-31' },
      });
      expect(Object.values(scanned!.figures).every((value) => value === null)).toBe(true);
    });

    it('shows group and company years, filters by basis, and reads micro-entity and old UK GAAP accounts', async () => {
      const loom = (await accountsOf('01234567')).body.years;
      expect(
        loom.map((y) => [y.period_end, y.basis, y.origin, y.profit_and_loss_filed, y.figures.net_assets]),
      ).toEqual([
        ['2025-12-31', 'company', 'filed', false, 3100000],
        ['2025-12-31', 'group', 'filed', true, 4200000],
        ['2024-12-31', 'group', 'comparative', true, 3700000],
      ]);
      expect(loom[1]!.sources.turnover).toEqual([
        {
          fact: 'core:TurnoverRevenue',
          context: 'cy-grp',
          line: lineOf('northern-loom-group-2025.xhtml', 'core:TurnoverRevenue', 'cy-grp'),
        },
      ]);
      const group = (await accountsOf('01234567', '?basis=group')).body.years;
      expect(group.map((y) => [y.period_end, y.basis])).toEqual([
        ['2025-12-31', 'group'],
        ['2024-12-31', 'group'],
      ]);
      expect((await accountsOf('12345678', '?basis=group')).body.years).toEqual([]);

      const micro = (await accountsOf('SC412345')).body.years[0]!;
      expect(micro).toMatchObject({
        origin: 'filed',
        profit_and_loss_filed: false,
        accounts_type: null,
        accounting_standard: 'Micro-entities',
        figures: { turnover: null, profit_loss: -6000, net_assets: -4300, cash: null, employees: 3 },
      });

      const gaap = (await accountsOf('2345678')).body;
      expect(gaap.company_number).toBe('02345678');
      expect(gaap.years.map((y) => [y.period_end, y.origin, y.figures.cash, y.figures.profit_loss])).toEqual([
        ['2012-03-31', 'filed', 12008, 5300],
        ['2011-03-31', 'comparative', 0, null],
      ]);
      expect(gaap.years[0]!.sources.net_assets[0]!.fact).toBe(
        'uk-gaap:NetAssetsLiabilitiesIncludingPensionAssetLiability',
      );
    });

    it('answers an empty list for a known company without figures, 404 for an unknown one', async () => {
      expect((await accountsOf('09876543')).body).toEqual({
        company_number: '09876543',
        currency: 'GBP',
        years: [],
      });
      const unknown = await accountsOf('04567890');
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toMatchObject({
        code: 'not_found',
        details: { company_number: '04567890' },
      });
    });
  });

  describe('get_financial_history', () => {
    it('computes ratios, trends and signals from the figures, each traceable to them', async () => {
      const response = await historyOf('12345678');
      expect(response.status).toBe(200);
      const history = response.body;
      expect(history).toMatchObject({
        company_number: '12345678',
        basis: 'company',
        basis_reason: 'default: the newest accounts held (2025-03-31) have no group figures',
        bases_held: ['company'],
        currency: 'GBP',
      });
      expect(history.years.map((y) => [y.period_end, y.origin, y.figures.turnover])).toEqual([
        ['2025-03-31', 'filed', 910000],
        ['2024-03-31', 'filed', 1050000],
        ['2023-03-31', 'comparative', 980000],
      ]);
      expect(history.years[0]!.ratios).toEqual({
        current_ratio: {
          value: 0.8571,
          formula: 'current_assets / creditors_within_one_year',
          inputs: { current_assets: 180000, creditors_within_one_year: 210000 },
          reason: null,
        },
        net_margin: {
          value: -0.0379,
          formula: 'profit_loss / turnover',
          inputs: { profit_loss: -34500, turnover: 910000 },
          reason: null,
        },
        gearing: {
          value: 0.2381,
          formula: '(total_assets_less_current_liabilities - net_assets) / net_assets',
          inputs: { total_assets_less_current_liabilities: 260000, net_assets: 210000 },
          reason: null,
        },
      });
      expect(
        history.trends.find((t) => t.measure === 'turnover' && t.to_period_end === '2025-03-31'),
      ).toEqual({
        measure: 'turnover',
        from_period_end: '2024-03-31',
        to_period_end: '2025-03-31',
        from_value: 1050000,
        to_value: 910000,
        change: -140000,
        percent_change: -13.33,
      });
      // 10 measures stated in all three years, two pairs; gross profit and the rest included.
      expect(history.trends).toHaveLength(20);
      expect(history.signals.map((s) => [s.code, s.severity, s.period_ends])).toEqual([
        ['loss_making_years_in_a_row', 'warning', ['2025-03-31', '2024-03-31']],
        ['falling_cash', 'info', ['2025-03-31', '2024-03-31']],
        ['current_ratio_below_one', 'warning', ['2025-03-31']],
        ['falling_turnover', 'info', ['2025-03-31', '2024-03-31']],
      ]);

      const figureAt = (periodEnd: string, measure: string) =>
        history.years.find((y) => y.period_end === periodEnd)!.figures[measure as MeasureName];
      for (const year of history.years)
        for (const ratio of Object.values(year.ratios))
          for (const [measure, value] of Object.entries(ratio.inputs))
            expect(value).toBe(figureAt(year.period_end, measure));
      for (const trend of history.trends) {
        expect(trend.from_value).toBe(figureAt(trend.from_period_end, trend.measure));
        expect(trend.to_value).toBe(figureAt(trend.to_period_end, trend.measure));
      }
      for (const signal of history.signals)
        for (const figure of signal.figures)
          expect(figure.value).toBe(figureAt(figure.period_end, figure.measure));
    });

    it('defaults to group for a group, follows a requested basis', async () => {
      const group = (await historyOf('01234567')).body;
      expect(group).toMatchObject({
        basis: 'group',
        basis_reason: 'default: the newest accounts held (2025-12-31) have group figures',
        bases_held: ['company', 'group'],
      });
      expect(group.years.map((y) => y.period_end)).toEqual(['2025-12-31', '2024-12-31']);
      expect(group.years[0]!.ratios.net_margin.value).toBe(0.0512);
      expect(group.signals).toEqual([]);
      const company = (await historyOf('01234567', '?basis=company')).body;
      expect(company).toMatchObject({ basis: 'company', basis_reason: 'requested' });
      expect(company.years.map((y) => [y.period_end, y.figures.net_assets])).toEqual([
        ['2025-12-31', 3100000],
      ]);
      expect(company.years[0]!.ratios.gearing.value).toBe(0.0968);
    });

    it('gives a micro-entity no net margin and no loss signal, but flags its net liabilities', async () => {
      const micro = (await historyOf('SC412345')).body;
      expect(micro.years[0]!.ratios.net_margin).toMatchObject({
        value: null,
        reason: 'no profit and loss account was filed for the year',
      });
      expect(micro.years[0]!.ratios.gearing).toMatchObject({
        value: null,
        reason: 'net assets are not positive',
      });
      expect(micro.signals.map((s) => [s.code, s.figures])).toEqual([
        ['net_liabilities', [{ period_end: '2025-10-31', measure: 'net_assets', value: -4300 }]],
        [
          'current_ratio_below_one',
          [
            { period_end: '2025-10-31', measure: 'current_assets', value: 18400 },
            { period_end: '2025-10-31', measure: 'creditors_within_one_year', value: 26900 },
          ],
        ],
      ]);
    });

    it('answers empty for a known company without figures, 404 for an unknown one', async () => {
      expect((await historyOf('09876543')).body).toMatchObject({
        years: [],
        trends: [],
        signals: [],
        basis: 'company',
      });
      expect((await historyOf('04567890')).status).toBe(404);
    });
  });

  describe('over MCP and at the edges', () => {
    it('serves both tools over MCP with results that validate and match REST', async () => {
      const cases: [string, Record<string, unknown>, string][] = [
        ['get_accounts', { company_number: '12345678' }, '/company/12345678/accounts'],
        [
          'get_accounts',
          { company_number: '01234567', basis: 'group' },
          '/company/01234567/accounts?basis=group',
        ],
        ['get_accounts', { company_number: '9876543' }, '/company/09876543/accounts'],
        ['get_financial_history', { company_number: '12345678' }, '/company/12345678/financial-history'],
        [
          'get_financial_history',
          { company_number: '01234567', basis: 'company' },
          '/company/01234567/financial-history?basis=company',
        ],
        ['get_financial_history', { company_number: 'sc412345' }, '/company/SC412345/financial-history'],
      ];
      for (const [tool, args, path] of cases) {
        const structured = await callToolChecked(client, tool, args);
        expect({ tool, args, body: structured }).toEqual({
          tool,
          args,
          body: (await request(app, 'GET', path, { key })).body,
        });
      }
      const { tools } = await client.listTools();
      for (const name of ['get_accounts', 'get_financial_history']) {
        const tool = tools.find((t) => t.name === name)!;
        expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
        expect(Object.keys(tool.inputSchema.properties ?? {}).sort()).toEqual(['basis', 'company_number']);
      }
    });

    it('refuses bad input over REST and MCP with stable codes', async () => {
      const rest: [string, string, string, string][] = [
        ['/company/XX12/accounts', 'invalid_company_number', 'company_number', ''],
        ['/company/12345678/accounts?basis=both', 'invalid_argument', 'basis', ''],
        ['/company/12345678/accounts?colour=red', 'invalid_argument', '(body)', ''],
        ['/company/not-a-number/financial-history', 'invalid_company_number', 'company_number', ''],
        ['/company/12345678/financial-history?basis=consolidated', 'invalid_argument', 'basis', ''],
      ];
      for (const [path, code, argument] of rest) {
        const response = await request<ErrorBody>(app, 'GET', path, { key });
        expect({ path, status: response.status, code: response.body.error.code }).toEqual({
          path,
          status: 400,
          code,
        });
        expect({ path, argument: argumentOf(response.body.error) }).toEqual({ path, argument });
      }
      const mcp: [string, Record<string, unknown>, string][] = [
        ['get_accounts', { company_number: 'XX12' }, 'invalid_company_number'],
        ['get_accounts', { company_number: '12345678', basis: 'both' }, 'invalid_argument'],
        ['get_accounts', { company_number: '04567890' }, 'not_found'],
        ['get_financial_history', { company_number: '' }, 'invalid_argument'],
        ['get_financial_history', { company_number: '12345678', basis: 1 }, 'invalid_argument'],
        ['get_financial_history', { company_number: '04567890' }, 'not_found'],
      ];
      for (const [tool, args, code] of mcp) {
        const result = await client.callTool({ name: tool, arguments: args });
        expect({ tool, args, isError: result.isError }).toEqual({ tool, args, isError: true });
        expect({ tool, args, code: toolError(result).code }).toEqual({ tool, args, code });
      }
    });

    it('is for Starter and above: a Free key gets plan_required over REST and MCP', async () => {
      const free = await signUp(app);
      for (const path of ['/company/12345678/accounts', '/company/12345678/financial-history']) {
        const response = await request<ErrorBody>(app, 'GET', path, { key: free.api_key });
        expect(response.status).toBe(403);
        expect(response.body.error).toMatchObject({
          code: 'plan_required',
          details: { required_plan: 'starter', upgrade_url: UPGRADE_URL },
        });
      }
      const freeClient = await connectMcp(app, free.api_key);
      for (const name of ['get_accounts', 'get_financial_history']) {
        const result = await freeClient.callTool({ name, arguments: { company_number: '12345678' } });
        expect(result.isError).toBe(true);
        expect(toolError(result).code).toBe('plan_required');
      }
      await freeClient.close();
    });
  });
});
