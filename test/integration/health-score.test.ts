import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { z } from 'zod';
import { setPlan } from '../../src/domain/accounts/accounts';
import { readAccountsYears } from '../../src/domain/financials/read-accounts';
import { renderAccountsDocument } from '../../src/demo/details/demo-accounts-document';
import type { AccountsPlan } from '../../src/demo/details/demo-accounts-plan';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importCompanyDetailsDir } from '../../src/ingest/companies-house/resources/import-company-details';
import type { getHealthScore } from '../../src/operations/get-health-score';
import { CSV_COLUMN, csvRow, SAMPLE_COMPANIES_CSV } from '../support/company-csv-rows';
import { callToolChecked, connectMcp, toolError } from '../support/mcp-client';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';

/*
 * A company with every kind of evidence, written in Companies House's formats and taken in by the real
 * importers (register CSV, officers, PSCs with a statement, filing history, charges, insolvency, an iXBRL
 * accounts document with net liabilities), scored over REST and over MCP with the tool's listed output schema.
 */

type HealthScore = z.infer<typeof getHealthScore.output>;

const NUMBER = '07654321';
const NAME = 'HEALTH CHECK TRADING LTD';
const SCORED_ON = '2026-10-15';
const BEFORE = '2024-06-01';

/** The register file: the sample's header and one row, accounts last made up to 2024-11-30 (next due 2026-08-31). */
function registerCsv(dir: string): string {
  const row = csvRow({
    [CSV_COLUMN.NAME]: NAME,
    [CSV_COLUMN.NUMBER]: NUMBER,
    17: '31/08/2026',
    18: '30/11/2024',
    19: 'SMALL',
    22: '2',
    23: '1',
    24: '0',
    25: '1',
    53: '28/11/2026',
    54: '14/11/2025',
  });
  const file = join(dir, 'register.csv');
  writeFileSync(file, `${readFileSync(SAMPLE_COMPANIES_CSV, 'utf8').split('\n')[0]}\n${row}\n`);
  return file;
}

const officer = (id: string, name: string, appointedOn: string, resignedOn?: string) => ({
  name,
  officer_role: 'director',
  appointed_on: appointedOn,
  ...(resignedOn ? { resigned_on: resignedOn } : {}),
  date_of_birth: { month: 3, year: 1970 },
  nationality: 'British',
  address: { address_line_1: '1 High Street', locality: 'Leeds', postal_code: 'LS1 1AA' },
  links: {
    self: `/company/${NUMBER}/appointments/${id}`,
    officer: { appointments: `/officers/${id}-person/appointments` },
  },
});

const filingItem = (
  transactionId: string,
  category: string,
  type: string,
  date: string,
  description: string,
  values: Record<string, string> = {},
) => ({ transaction_id: transactionId, category, type, date, description, description_values: values });

/** Writes the company details folder and returns it. */
function detailsFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cds-health-'));
  const company = join(dir, 'companies', NUMBER);
  mkdirSync(company, { recursive: true });
  const json = (name: string, body: unknown) => writeFileSync(join(company, name), JSON.stringify(body));
  json('officers.json', {
    kind: 'officer-list',
    items: [
      officer('dirA', 'ASH, Anna', '2015-11-14'),
      officer('dirB', 'BIRCH, Ben', '2016-01-01', '2026-03-01'),
      officer('dirC', 'CEDAR, Carl', '2017-01-01', '2026-05-01'),
    ],
  });
  json('persons-with-significant-control.json', {
    kind: 'persons-with-significant-control#list',
    items: [
      {
        kind: 'individual-person-with-significant-control',
        name: 'Mrs Anna Ash',
        name_elements: { title: 'Mrs', forename: 'Anna', surname: 'ASH' },
        natures_of_control: ['ownership-of-shares-75-to-100-percent'],
        notified_on: '2016-04-06',
        ceased_on: '2024-12-31',
        links: { self: `/company/${NUMBER}/persons-with-significant-control/individual/ash-1` },
      },
      {
        kind: 'persons-with-significant-control-statement',
        statement: 'psc-exists-but-not-identified',
        notified_on: '2025-01-01',
        links: { self: `/company/${NUMBER}/persons-with-significant-control-statements/stmt-1` },
      },
    ],
  });
  json('filing-history.json', {
    items: [
      filingItem('GAZ2026', 'gazette', 'GAZ1', '2026-09-01', 'gazette-notice-compulsory'),
      filingItem(
        'AD2026B',
        'address',
        'AD01',
        '2026-07-01',
        'change-registered-office-address-company-with-date-old-address-new-address',
      ),
      filingItem(
        'AD2026A',
        'address',
        'AD01',
        '2026-02-01',
        'change-registered-office-address-company-with-date-old-address-new-address',
      ),
      filingItem(
        'CS2025',
        'confirmation-statement',
        'CS01',
        '2025-12-10',
        'confirmation-statement-with-no-updates',
        { made_up_date: '2025-11-14' },
      ),
      filingItem('AA2024', 'accounts', 'AA', '2025-09-05', 'accounts-with-accounts-type-small', {
        made_up_date: '2024-11-30',
      }),
      filingItem(
        'CS2024',
        'confirmation-statement',
        'CS01',
        '2024-11-20',
        'confirmation-statement-with-no-updates',
        { made_up_date: '2024-11-14' },
      ),
      filingItem('AA2023', 'accounts', 'AA', '2024-08-20', 'accounts-with-accounts-type-small', {
        made_up_date: '2023-11-30',
      }),
      filingItem(
        'CS2023',
        'confirmation-statement',
        'CS01',
        '2023-11-20',
        'confirmation-statement-with-no-updates',
        { made_up_date: '2023-11-14' },
      ),
      filingItem('AA2022', 'accounts', 'AA', '2023-08-15', 'accounts-with-accounts-type-small', {
        made_up_date: '2022-11-30',
      }),
    ],
  });
  json('charges.json', {
    items: [
      {
        charge_number: 2,
        charge_code: `${NUMBER}0002`,
        status: 'outstanding',
        created_on: '2026-04-01',
        delivered_on: '2026-04-05',
        persons_entitled: [{ name: 'Northern Bank PLC' }],
        links: { self: `/company/${NUMBER}/charges/charge-two` },
      },
      {
        charge_number: 1,
        charge_code: `${NUMBER}0001`,
        status: 'fully-satisfied',
        created_on: '2016-05-01',
        delivered_on: '2016-05-03',
        satisfied_on: '2020-06-30',
        persons_entitled: [{ name: 'Northern Bank PLC' }],
        links: { self: `/company/${NUMBER}/charges/charge-one` },
      },
    ],
  });
  json('insolvency.json', {
    cases: [
      {
        type: 'corporate-voluntary-arrangement',
        number: '1',
        dates: [
          { type: 'instrumented-on', date: '2019-03-01' },
          { type: 'case-end-on', date: '2021-03-01' },
        ],
        practitioners: [{ name: 'Helen Marsh', role: 'supervisor', appointed_on: '2019-03-01' }],
      },
    ],
  });
  mkdirSync(join(dir, 'accounts'));
  const year = (periodEnd: string, periodStart: string, measures: Record<string, number>) => ({
    period_start: periodStart,
    period_end: periodEnd,
    basis: 'company' as const,
    measures,
    extra: {},
  });
  const plan: AccountsPlan = {
    style: 'frs102-small',
    unit: 1,
    documents: [
      {
        balance_sheet_date: '2024-11-30',
        filed_on: '2025-09-05',
        current: [
          year('2024-11-30', '2023-12-01', {
            turnover: 80_000,
            profit_loss: -3_000,
            net_assets: -5_000,
            current_assets: 10_000,
            cash: 4_000,
            creditors_within_one_year: 25_000,
          }),
        ],
        prior: [
          year('2023-11-30', '2022-12-01', {
            turnover: 100_000,
            profit_loss: -1_000,
            net_assets: 2_000,
            current_assets: 20_000,
            cash: 8_000,
            creditors_within_one_year: 18_000,
          }),
        ],
      },
    ],
    filings: [],
  };
  writeFileSync(
    join(dir, 'accounts', `Prod223_3016_${NUMBER}_20241130.html`),
    renderAccountsDocument(plan, plan.documents[0]!, { company_number: NUMBER, company_name: NAME }),
  );
  return dir;
}

describe('get_health_score', () => {
  let app: TestApp;
  let key: string;
  let client: Client;
  let folder: string;
  let csvDir: string;

  const score = (path: string, apiKey = key) =>
    request<HealthScore & ErrorBody>(app, 'GET', path, { key: apiKey });

  beforeAll(async () => {
    app = await startTestApp();
    csvDir = mkdtempSync(join(tmpdir(), 'cds-health-csv-'));
    const imported = await importCompaniesCsv(app.services.orm.em.fork(), registerCsv(csvDir), {
      asOf: new Date(`${SCORED_ON}T00:00:00Z`),
      // The register's first import (where its change feed begins) ran on the day scored.
      clock: () => new Date(`${SCORED_ON}T06:00:00Z`),
    });
    expect(imported.inserted).toBe(1);
    folder = detailsFolder();
    const details = await importCompanyDetailsDir(app.services.orm.em.fork(), folder, {
      source: 'import',
      detectedAt: new Date(`${SCORED_ON}T08:00:00Z`),
    });
    expect(details.problems).toEqual([]);
    const caller = await signUp(app);
    await setPlan(app.services.orm.em.fork(), caller.account_id, 'starter');
    key = caller.api_key;
    client = await connectMcp(app, key, { name: 'health-score-test' });
  });
  afterAll(async () => {
    await client?.close();
    await app?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
    if (csvDir) rmSync(csvDir, { recursive: true, force: true });
  });

  it('imported the accounts with net liabilities and a comparative year', async () => {
    const years = await readAccountsYears(app.services.orm.em.fork(), NUMBER);
    expect(years.map((y) => [y.period_end, y.origin, y.figures.net_assets])).toEqual([
      ['2024-11-30', 'filed', -5_000],
      ['2023-11-30', 'comparative', 2_000],
    ]);
  });

  it('scores the company over REST with every signal traced to its evidence', async () => {
    const response = await score(`/company/${NUMBER}/health-score?as_of=${SCORED_ON}`);
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body).toMatchObject({
      company_number: NUMBER,
      company_name: NAME,
      as_of: SCORED_ON,
      score: 0,
      grade: 'E',
      risk_level: 'severe',
      score_unavailable_reason: null,
      confidence: { level: 'high', reasons: [] },
      missing_data: { resources_not_imported: [], rules_not_applied: [] },
      reconstruction: [],
    });
    expect(body.disclaimer).toContain('not a credit rating');
    expect(body.signals.map((signal) => [signal.code, signal.effect])).toEqual([
      ['accounts_overdue', -20],
      ['late_accounts_filings', -5],
      ['late_confirmation_statements', -3],
      ['gazette_notice', -15],
      ['net_liabilities', -15],
      ['loss_making_years_in_a_row', -10],
      ['current_ratio_below_one', -8],
      ['falling_cash', -3],
      ['falling_turnover', -3],
      ['insolvency_history', -20],
      ['outstanding_charges', -3],
      ['recent_charge', -4],
      ['officer_churn', -10],
      ['no_psc_identified', -5],
      ['frequent_office_moves', -5],
    ]);
    expect(body.calculation).toMatch(
      /^100 - 20 \(accounts_overdue\) - 5 \(late_accounts_filings\).* = -29, kept at 0$/,
    );
    const signal = (code: string) => body.signals.find((candidate) => candidate.code === code)!;
    expect(signal('accounts_overdue').evidence.fields).toEqual([{ name: 'days_overdue', value: 45 }]);
    expect(signal('accounts_overdue').evidence.dates).toEqual([
      { name: 'next_due', date: '2026-08-31' },
      { name: 'last_accounts_made_up_to', date: '2024-11-30' },
    ]);
    expect(signal('late_accounts_filings').evidence.filings).toEqual([
      {
        transaction_id: 'AA2024',
        type: 'AA',
        date: '2025-09-05',
        description: 'Small company accounts made up to 2024-11-30',
      },
    ]);
    expect(signal('late_confirmation_statements').evidence.filings.map((f) => f.transaction_id)).toEqual([
      'CS2025',
    ]);
    expect(signal('gazette_notice').evidence.filings).toEqual([
      {
        transaction_id: 'GAZ2026',
        type: 'GAZ1',
        date: '2026-09-01',
        description: 'First Gazette notice for compulsory strike-off',
      },
    ]);
    const netAssets = signal('net_liabilities').evidence.accounts_figures;
    expect(netAssets.map(({ period_end, measure, value }) => ({ period_end, measure, value }))).toEqual([
      { period_end: '2024-11-30', measure: 'net_assets', value: -5_000 },
    ]);
    expect(netAssets[0]!.sources.length).toBeGreaterThan(0);
    expect(netAssets[0]!.sources[0]!.fact).toMatch(/NetAssetsLiabilities/);
    expect(signal('falling_cash').evidence.accounts_figures.map((f) => [f.period_end, f.value])).toEqual([
      ['2024-11-30', 4_000],
      ['2023-11-30', 8_000],
    ]);
    expect(signal('insolvency_history').evidence.insolvency_cases.map((c) => c.case_number)).toEqual([1]);
    expect(signal('outstanding_charges').evidence.charges).toEqual([
      {
        charge_id: 'charge-two',
        charge_code: '076543210002',
        status: 'outstanding',
        created_on: '2026-04-01',
        satisfied_on: null,
      },
    ]);
    expect(signal('officer_churn').evidence.officers.map((o) => [o.appointment_id, o.resigned_on])).toEqual([
      ['dirB', '2026-03-01'],
      ['dirC', '2026-05-01'],
    ]);
    expect(signal('no_psc_identified').evidence.psc_statements).toEqual([
      { psc_id: 'stmt-1', statement: 'psc-exists-but-not-identified', notified_on: '2025-01-01' },
    ]);
    expect(signal('frequent_office_moves').evidence.filings.map((f) => f.transaction_id)).toEqual([
      'AD2026A',
      'AD2026B',
    ]);
    expect(
      body.checks_passed.find((check) => check.code === 'confirmation_statement_overdue')?.looked_at,
    ).toBe('confirmation statement next due 2026-11-28');
    // The statement falls overdue the day after it is due: the fired rules change then.
    expect(body.valid_until).toBe('2026-11-29');
  });

  it('answers the same over MCP, valid against the tool’s output schema', async () => {
    const rest = (await score(`/company/${NUMBER}/health-score?as_of=${SCORED_ON}`)).body;
    const mcp = await callToolChecked(client, 'get_health_score', {
      company_number: '7654321',
      as_of: SCORED_ON,
    });
    expect(mcp).toEqual(rest);
  });

  it('scores a past day from what was known then, and says how', async () => {
    const response = await score(`/company/${NUMBER}/health-score?as_of=${BEFORE}`);
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body).toMatchObject({ as_of: BEFORE, score: 80, grade: 'B', risk_level: 'low' });
    expect(body.calculation).toBe('100 - 20 (insolvency_history) = 80');
    expect(body.signals.map((signal) => signal.code)).toEqual(['insolvency_history']);
    // Nothing overdue then: the accounts filed by the day were made up to 2022-11-30, next due 2024-08-31.
    expect(body.checks_passed.find((check) => check.code === 'accounts_overdue')?.looked_at).toBe(
      'accounts next due 2024-08-31',
    );
    // The board was whole, the PSC identified, the charge not yet created, the accounts not yet filed.
    expect(body.checks_passed.map((check) => check.code)).toEqual(
      expect.arrayContaining(['officer_churn', 'no_psc_identified', 'outstanding_charges', 'recent_charge']),
    );
    expect(body.missing_data.rules_not_applied.map((rule) => [rule.code, rule.reason])).toEqual(
      [
        'net_liabilities',
        'loss_making_years_in_a_row',
        'current_ratio_below_one',
        'falling_cash',
        'falling_turnover',
      ].map((code) => [code, 'no accounts figures are held for the day']),
    );
    expect(body.reconstruction).toEqual([
      'accounts on the day: last made up to 2022-11-30 (from the accounts filings made by the day); next due ' +
        '2024-08-31, worked out by the statutory deadline rule (Companies Act 2006 s.442) from the accounting ' +
        'reference date held today',
      'confirmation statement on the day: last made up to 2023-11-14 (from the confirmation statements filed by ' +
        'the day); next due 2024-11-28, worked out by the 14-day rule (Companies Act 2006 s.853A)',
      'the register change feed begins at the first register import (2026-10-15): register fields on the day are ' +
        'the values first imported, except where the filing history or a cessation date says otherwise',
      '2 accounts year(s) held today were filed after the day and are left out',
    ]);
    expect(body.confidence.level).toBe('medium');
    // The accounts fall overdue the day after 2024-08-31.
    expect(body.valid_until).toBe('2024-09-01');
  });

  it('has no score before incorporation, with the reason', async () => {
    const body = (await score(`/company/${NUMBER}/health-score?as_of=2015-01-01`)).body;
    expect(body).toMatchObject({
      score: null,
      grade: null,
      risk_level: null,
      score_unavailable_reason: '2015-01-01 is before the company was incorporated on 2015-11-14',
      valid_until: '2015-11-14',
    });
  });

  it('answers an unknown company with not_found', async () => {
    const response = await score('/company/01010101/health-score');
    expect(response.status).toBe(404);
    expect(response.body.error).toMatchObject({ code: 'not_found', details: { company_number: '01010101' } });
    const result = await client.callTool({
      name: 'get_health_score',
      arguments: { company_number: '01010101' },
    });
    expect(result.isError).toBe(true);
    expect(toolError(result).code).toBe('not_found');
  });

  it.each([
    ['not a date', '2026-13-45', 'as_of'],
    ['in the future', '2999-01-01', 'as_of'],
  ])('refuses an as_of %s with invalid_argument naming it', async (_what, asOf, argument) => {
    const response = await score(`/company/${NUMBER}/health-score?as_of=${asOf}`);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_argument');
    expect(response.body.error.message).toContain(`Invalid argument ${argument}`);
  });

  it('refuses a malformed company number', async () => {
    const response = await score('/company/not-a-number!/health-score');
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_company_number');
  });

  it('refuses a Free key with plan_required and charges nothing', async () => {
    const free = await signUp(app);
    const response = await score(`/company/${NUMBER}/health-score`, free.api_key);
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({
      code: 'plan_required',
      details: { required_plan: 'starter', current_plan: 'free' },
    });
    const freeClient = await connectMcp(app, free.api_key);
    try {
      const result = await freeClient.callTool({
        name: 'get_health_score',
        arguments: { company_number: NUMBER },
      });
      expect(result.isError).toBe(true);
      expect(toolError(result).code).toBe('plan_required');
    } finally {
      await freeClient.close();
    }
    const charged = await app.services.orm.em
      .fork()
      .getConnection()
      .execute('select key from rate_limits where key like ?', [`%${free.account_id}%`]);
    expect(charged).toEqual([]);
  });
});
