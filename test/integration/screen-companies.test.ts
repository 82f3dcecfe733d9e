import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { z } from 'zod';
import { CompanyHealthScoreEntity } from '../../src/db/entities/company-health-score';
import { FilingEntity } from '../../src/db/entities/filing';
import { LocalAuthorityEntity } from '../../src/db/entities/local-authority';
import { PostcodePlaceEntity } from '../../src/db/entities/postcode-place';
import { renderAccountsDocument } from '../../src/demo/details/demo-accounts-document';
import type { AccountsPlan, Figures, PlannedYear } from '../../src/demo/details/demo-accounts-plan';
import { setPlan } from '../../src/domain/accounts/accounts';
import { AccountsYearEntity } from '../../src/db/entities/accounts-year';
import { openDatabase } from '../../src/db/orm';
import { addDays } from '../../src/domain/companies/register-dates';
import { MEASURE_NAMES, measuresSchema } from '../../src/domain/financials/accounts-measures';
import { placeNameKey } from '../../src/domain/places/place-names';
import { monthsBefore } from '../../src/domain/screening/latest-figures';
import { BASIC_COMPANY_DATA_HEADER_LINE } from '../../src/ingest/companies-house/companies-csv';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importAccountsDocument } from '../../src/ingest/companies-house/resources/filed-accounts';
import type { screenCompanies } from '../../src/operations/screen-companies';
import { csvRow, CSV_COLUMN, templateRow } from '../support/company-csv-rows';
import { callToolChecked, connectMcp, toolError } from '../support/mcp-client';
import { createTestDatabase } from '../support/test-database';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';

type Screen = z.infer<typeof screenCompanies.output>;

const UPGRADE_URL = 'https://example.com/upgrade';
const TODAY = new Date().toISOString().slice(0, 10);
const csvDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const PAST_DUE = '2020-01-31';
const FUTURE_DUE = '2099-01-31';

/*
 * A fixture register built with the real importers: the bulk CSV for the companies, filed accounts in inline XBRL
 * (written by the demo's document writer from figures given here) for their figures, and rows of the postcode
 * lookup and the health scores table written directly. Dates that the screen measures from today (recent
 * accounts, Gazette notices) are laid out from the day the test runs; due dates are far in the past or future.
 */
interface FixtureCompany {
  number: string;
  name: string;
  town: string;
  postcode: string;
  /** The registered office's first line; the sample row's otherwise. */
  line1?: string;
  sic: string[];
  status?: string;
  category?: string;
  incorporated: string;
  accountsDue?: string;
  statementDue?: string;
  charges?: { outstanding: number; partSatisfied: number };
  /** Latest year end (months before today) and the two years' figures, latest first. */
  accounts?: { monthsAgo: number; latest: Figures; previous: Figures };
}

const COMPANIES: FixtureCompany[] = [
  {
    number: '10000001',
    name: 'NORTHERN CODE WORKS LIMITED',
    town: 'MANCHESTER',
    postcode: 'M1 1AA',
    sic: ['62012'],
    incorporated: '2010-05-01',
    accounts: {
      monthsAgo: 4,
      latest: { turnover: 2_500_000, profit_loss: 200_000, net_assets: 500_000, cash: 90_000, employees: 25 },
      previous: {
        turnover: 2_000_000,
        profit_loss: 150_000,
        net_assets: 400_000,
        cash: 100_000,
        employees: 20,
      },
    },
  },
  {
    number: '10000002',
    name: 'MERSEY SYSTEMS LIMITED',
    town: 'LIVERPOOL',
    postcode: 'L1 8JQ',
    sic: ['62020', '70229'],
    incorporated: '2016-03-01',
    charges: { outstanding: 3, partSatisfied: 0 },
    accounts: {
      monthsAgo: 13,
      latest: {
        turnover: 5_000_000,
        profit_loss: 300_000,
        net_assets: 900_000,
        cash: 400_000,
        employees: 50,
      },
      previous: {
        turnover: 4_500_000,
        profit_loss: 250_000,
        net_assets: 700_000,
        cash: 300_000,
        employees: 45,
      },
    },
  },
  {
    number: '10000003',
    name: 'ISLINGTON SOFTWARE LIMITED',
    town: 'LONDON',
    postcode: 'EC1V 9HL',
    sic: ['62090'],
    incorporated: '2019-09-10',
    accounts: {
      monthsAgo: 8,
      latest: {
        turnover: 3_000_000,
        profit_loss: 100_000,
        net_assets: 300_000,
        cash: 120_000,
        employees: 30,
      },
      previous: {
        turnover: 2_000_000,
        profit_loss: 80_000,
        net_assets: 200_000,
        cash: 60_000,
        employees: 20,
      },
    },
  },
  {
    number: '10000004',
    name: 'DEANSGATE STORES LIMITED',
    town: 'MANCHESTER',
    postcode: 'M2 5BQ',
    sic: ['47110'],
    incorporated: '1998-02-20',
    accountsDue: PAST_DUE,
    accounts: {
      monthsAgo: 30,
      latest: {
        turnover: 8_000_000,
        profit_loss: 50_000,
        net_assets: 1_000_000,
        cash: 200_000,
        employees: 80,
      },
      previous: {
        turnover: 9_000_000,
        profit_loss: 90_000,
        net_assets: 950_000,
        cash: 250_000,
        employees: 90,
      },
    },
  },
  {
    number: '10000005',
    name: 'AIRE ADVISORY LIMITED',
    town: 'LEEDS',
    postcode: 'LS1 4AP',
    sic: ['70229'],
    incorporated: '2012-07-15',
    accountsDue: PAST_DUE,
    statementDue: PAST_DUE,
    charges: { outstanding: 1, partSatisfied: 1 },
    accounts: {
      monthsAgo: 10,
      latest: { turnover: 600_000, profit_loss: -50_000, net_assets: -30_000, cash: 5_000, employees: 6 },
      previous: { turnover: 800_000, profit_loss: -20_000, net_assets: 20_000, cash: 40_000, employees: 8 },
    },
  },
  {
    number: '10000006',
    name: 'IRWELL APPS LIMITED',
    town: 'MANCHESTER',
    // The office of 10000001 and 10000007, written another way: one address, two active companies and this one.
    postcode: 'M1 1AA',
    line1: 'Flat 4 - 27, Old Street.',
    sic: ['62012'],
    status: 'Liquidation',
    incorporated: '2014-01-06',
    accountsDue: '2021-06-30',
    accounts: {
      monthsAgo: 12,
      latest: { turnover: 1_500_000, profit_loss: 10_000, net_assets: 50_000, cash: 10_000, employees: 15 },
      previous: { turnover: 1_000_000, profit_loss: 20_000, net_assets: 40_000, cash: 20_000, employees: 12 },
    },
  },
  {
    number: '10000007',
    name: 'PICCADILLY DIGITAL PLC',
    town: 'MANCHESTER',
    postcode: 'M1 1AA',
    sic: ['62012'],
    category: 'Public Limited Company',
    incorporated: '2024-04-01',
  },
  {
    number: '10000009',
    name: 'NOWHERE KNOWN LIMITED',
    town: 'MANCHESTER',
    postcode: 'M99 9ZZ',
    sic: ['62012'],
    incorporated: '2011-11-11',
  },
];

/** The places of the fixture postcodes (M99 9ZZ is not in the lookup). */
const PLACES = [
  ['M1 1AA', 'TLD', 'E08000003', 'Manchester'],
  ['M1 1AB', 'TLD', 'E08000003', 'Manchester'],
  ['M1 2AB', 'TLD', 'E08000003', 'Manchester'],
  ['M2 5BQ', 'TLD', 'E08000003', 'Manchester'],
  ['L1 8JQ', 'TLD', 'E08000012', 'Liverpool'],
  ['EC1V 9HL', 'TLI', 'E09000019', 'Islington'],
  ['LS1 4AP', 'TLE', 'E08000035', 'Leeds'],
] as const;

const HEALTH = [
  ['10000001', 85, 'A', 'low'],
  ['10000002', 70, 'B', 'moderate'],
  ['10000004', 45, 'C', 'high'],
  ['10000005', 10, 'E', 'severe'],
] as const;

function registerCsv(): string {
  const rows = COMPANIES.map((company) =>
    csvRow({
      [CSV_COLUMN.NAME]: company.name,
      [CSV_COLUMN.NUMBER]: company.number,
      [CSV_COLUMN.TOWN]: company.town,
      [CSV_COLUMN.POSTCODE]: company.postcode,
      [CSV_COLUMN.ADDRESS_LINE_1]: company.line1 ?? templateRow[CSV_COLUMN.ADDRESS_LINE_1]!,
      [CSV_COLUMN.CATEGORY]: company.category ?? 'Private Limited Company',
      [CSV_COLUMN.STATUS]: company.status ?? 'Active',
      [CSV_COLUMN.SIC_1]: `${company.sic[0]} - Activity`,
      [CSV_COLUMN.SIC_2]: company.sic[1] ? `${company.sic[1]} - Activity` : '',
      14: csvDate(company.incorporated),
      17: csvDate(company.accountsDue ?? FUTURE_DUE),
      22: String((company.charges?.outstanding ?? 0) + (company.charges?.partSatisfied ?? 0)),
      23: String(company.charges?.outstanding ?? 0),
      24: String(company.charges?.partSatisfied ?? 0),
      25: '0',
      53: csvDate(company.statementDue ?? FUTURE_DUE),
      // No previous names: the template's would be dated before some incorporations here.
      33: '',
      34: '',
      35: '',
      36: '',
    }),
  );
  const file = join(mkdtempSync(join(tmpdir(), 'cds-screen-')), 'register.csv');
  writeFileSync(file, [BASIC_COMPANY_DATA_HEADER_LINE, ...rows, ''].join('\n'));
  return file;
}

function plannedYear(periodEnd: string, measures: Figures): PlannedYear {
  return {
    period_start: addDays(monthsBefore(periodEnd, 12), 1),
    period_end: periodEnd,
    basis: 'company',
    measures,
    extra: {},
  };
}

/** A filed accounts document for the year ending `periodEnd`, with the year before as its comparative. */
function accountsDocument(company: FixtureCompany, periodEnd: string, latest: Figures, previous: Figures) {
  const plan: AccountsPlan = {
    style: 'frs102-small',
    unit: 1,
    documents: [],
    filings: [],
  };
  const document = {
    balance_sheet_date: periodEnd,
    filed_on: periodEnd,
    current: [plannedYear(periodEnd, latest)],
    prior: [plannedYear(monthsBefore(periodEnd, 12), previous)],
  };
  return renderAccountsDocument(plan, document, {
    company_number: company.number,
    company_name: company.name,
  });
}

const numbers = (screen: Screen) => screen.items.map((item) => item.company_number);

describe('screen_companies', () => {
  let app: TestApp;
  let key: string;
  let accountId: string;
  let client: Client;
  const em = () => app.services.orm.em.fork();
  const context = { detectedAt: new Date('2026-01-01T00:00:00.000Z'), source: 'import' as const };

  const screen = (query: Record<string, string | number | boolean>, apiKey = key) =>
    request<Screen & ErrorBody>(
      app,
      'GET',
      `/screen/companies?${new URLSearchParams(
        Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
      ).toString()}`,
      { key: apiKey },
    );
  const requestsCharged = async (account: string) =>
    (
      (await em()
        .getConnection()
        .execute('select key, points from rate_limits where key like ? order by key', [`%${account}%`])) as {
        key: string;
        points: number | string;
      }[]
    ).map((row) => `${row.key}=${Number(row.points)}`);
  const found = async (query: Record<string, string | number | boolean>) => {
    const response = await screen({ limit: 100, ...query });
    if (response.status !== 200) throw new Error(JSON.stringify(response.body));
    expect(response.body.total).toBe(response.body.items.length);
    return numbers(response.body);
  };

  beforeAll(async () => {
    app = await startTestApp({ UPGRADE_URL });
    await importCompaniesCsv(em(), registerCsv(), { asOf: new Date() });
    for (const company of COMPANIES) {
      if (!company.accounts) continue;
      const { monthsAgo, latest, previous } = company.accounts;
      const periodEnd = monthsBefore(TODAY, monthsAgo);
      await importAccountsDocument(
        em(),
        accountsDocument(company, periodEnd, latest, previous),
        `${company.number}-${periodEnd}.xhtml`,
        context,
      );
    }
    const fork = em();
    for (const [postcode, region, code, name] of PLACES) {
      fork.create(PostcodePlaceEntity, {
        postcodeCompact: postcode.replace(' ', ''),
        postcode,
        countryCode: 'E92000001',
        regionCode: region,
        localAuthorityCode: code,
        localAuthorityName: name,
        terminatedOn: null,
      });
    }
    for (const [code, name] of new Map(PLACES.map(([, , code, name]) => [code, name])))
      fork.create(LocalAuthorityEntity, { code, name, nameKey: placeNameKey(name) });
    await fork.flush();
    // Written after every import, so whatever scoring an import queues has run or is overwritten here.
    const scores = em();
    for (const [companyNumber, score, grade, riskLevel] of HEALTH)
      await scores.upsert(CompanyHealthScoreEntity, {
        companyNumber,
        modelVersion: 'test-1',
        asOf: TODAY,
        validUntil: null,
        score,
        grade,
        riskLevel,
        firedCodes: '[]',
        computedAt: new Date(),
      });
    const filing = (companyNumber: string, transactionId: string, date: string) =>
      scores.create(FilingEntity, {
        companyNumber,
        transactionId,
        category: 'gazette',
        subcategory: null,
        type: 'GAZ1',
        date,
        actionDate: null,
        descriptionCode: 'gazette-notice-compulsory',
        descriptionValues: '{}',
        pages: 1,
        barcode: null,
        paperFiled: false,
        details: '{}',
      });
    filing('10000005', 'gazette-recent', addDays(TODAY, -10));
    filing('10000004', 'gazette-old', addDays(TODAY, -100));
    await scores.flush();

    const starter = await signUp(app);
    await setPlan(em(), starter.account_id, 'starter');
    key = starter.api_key;
    accountId = starter.account_id;
    client = await connectMcp(app, key);
  });
  afterAll(async () => {
    await client?.close();
    await app?.stop();
  });

  it('finds every company with no filter, by company number', async () => {
    expect(await found({})).toEqual(COMPANIES.map((company) => company.number));
  });

  it.each([
    [{ turnover_min: 1_000_000 }, ['10000001', '10000002', '10000003', '10000004', '10000006']],
    [{ turnover_max: 1_000_000 }, ['10000005']],
    [{ turnover_min: 2_500_000, turnover_max: 5_000_000 }, ['10000001', '10000002', '10000003']],
    [{ profit_max: -1 }, ['10000005']],
    [{ net_assets_max: -1 }, ['10000005']],
    [{ cash_min: 100_000 }, ['10000002', '10000003', '10000004']],
    [{ employees_min: 50 }, ['10000002', '10000004']],
    [{ gross_profit_min: 0 }, []],
    [{ turnover_growth_min: 20 }, ['10000001', '10000003', '10000006']],
    [{ turnover_growth_max: 0 }, ['10000004', '10000005']],
    [{ profit_growth_min: -100 }, ['10000001', '10000002', '10000003', '10000004', '10000006']],
    [{ net_assets_growth_max: 0 }, ['10000005']],
    [{ cash_growth_max: -10 }, ['10000001', '10000004', '10000005', '10000006']],
    [{ employees_growth_min: 25 }, ['10000001', '10000003', '10000006']],
    [{ latest_accounts_within_months: 24 }, ['10000001', '10000002', '10000003', '10000005', '10000006']],
    [{ latest_accounts_within_months: 7 }, ['10000001']],
    [{ sic_code: '62012' }, ['10000001', '10000006', '10000007', '10000009']],
    [{ sic_division: '62' }, ['10000001', '10000002', '10000003', '10000006', '10000007', '10000009']],
    [{ sic_section: 'J' }, ['10000001', '10000002', '10000003', '10000006', '10000007', '10000009']],
    [{ sic_section: 'm' }, ['10000002', '10000005']],
    [{ sic_section: 'G' }, ['10000004']],
    [{ region: 'TLD' }, ['10000001', '10000002', '10000004', '10000006', '10000007']],
    [{ region: 'North West' }, ['10000001', '10000002', '10000004', '10000006', '10000007']],
    [{ region: 'Yorkshire and The Humber' }, ['10000005']],
    [{ local_authority: 'Manchester' }, ['10000001', '10000004', '10000006', '10000007']],
    [{ local_authority: 'e08000012' }, ['10000002']],
    [{ town: 'manchester' }, ['10000001', '10000004', '10000006', '10000007', '10000009']],
    [{ postcode: 'M1' }, ['10000001', '10000006', '10000007']],
    [{ postcode: 'M1 1' }, ['10000001', '10000006', '10000007']],
    [
      { incorporated_from: '2014-01-06', incorporated_to: '2019-09-10' },
      ['10000002', '10000003', '10000006'],
    ],
    [{ company_type: 'plc' }, ['10000007']],
    [{ status: 'liquidation' }, ['10000006']],
    [{ accounts_overdue: true }, ['10000004', '10000005', '10000006']],
    [{ accounts_overdue: false }, ['10000001', '10000002', '10000003', '10000007', '10000009']],
    [{ confirmation_statement_overdue: true }, ['10000005']],
    [{ gazette_notice_within_days: 30 }, ['10000005']],
    [{ gazette_notice_within_days: 365 }, ['10000004', '10000005']],
    [{ has_outstanding_charges: true }, ['10000002', '10000005']],
    [
      { has_outstanding_charges: false },
      ['10000001', '10000003', '10000004', '10000006', '10000007', '10000009'],
    ],
    [{ outstanding_charges_min: 2 }, ['10000002', '10000005']],
    [{ outstanding_charges_min: 3 }, ['10000002']],
    [{ insolvency_history: true }, ['10000006']],
    [{ registered_office_shared_min: 2 }, ['10000001', '10000006', '10000007']],
    [{ registered_office_shared_min: 3 }, []],
    [{ registered_office_shared_min: 2, status: 'active' }, ['10000001', '10000007']],
    [{ health_grade: 'A,B' }, ['10000001', '10000002']],
    [{ risk_level: 'severe' }, ['10000005']],
    [{ health_score_min: 45, health_score_max: 70 }, ['10000002', '10000004']],
  ])('filters by %j', async (query, expected) => {
    expect(await found(query)).toEqual(expected);
  });

  it('combines filters: growing software companies in the North West with turnover over £1m', async () => {
    const growing = {
      sic_division: '62',
      region: 'North West',
      turnover_min: 1_000_000,
      turnover_growth_min: 20,
    };
    expect(await found(growing)).toEqual(['10000001', '10000006']);
    expect(await found({ ...growing, status: 'active' })).toEqual(['10000001']);
    expect(await found({ ...growing, accounts_overdue: false, health_grade: 'A' })).toEqual(['10000001']);
    expect(await found({ sic_section: 'J', local_authority: 'Manchester', latest_accounts_within_months: 6 })).toEqual(['10000001']); // prettier-ignore
  });

  it('shows the year and figures each company matched on, its growth, place and health', async () => {
    const { body } = await screen({ sic_code: '62012', region: 'TLD', turnover_growth_min: 20 });
    const row = body.items.find((item) => item.company_number === '10000001')!;
    const periodEnd = monthsBefore(TODAY, 4);
    expect(row).toMatchObject({
      company_name: 'NORTHERN CODE WORKS LIMITED',
      company_status: 'active',
      sic_codes: ['62012'],
      latest_accounts: {
        period_end: periodEnd,
        basis: 'company',
        origin: 'filed',
        document: `10000001-${periodEnd}.xhtml`,
        figures: { turnover: 2_500_000, profit_loss: 200_000, net_assets: 500_000, gross_profit: null },
      },
      growth: {
        from_period_end: monthsBefore(periodEnd, 12),
        to_period_end: periodEnd,
        measures: {
          turnover: { from_value: 2_000_000, to_value: 2_500_000, percent_change: 25 },
          cash: { from_value: 100_000, to_value: 90_000, percent_change: -10 },
        },
      },
      place: {
        postcode: 'M1 1AA',
        region: { code: 'TLD', name: 'North West' },
        local_authority: { code: 'E08000003', name: 'Manchester' },
      },
      health: { score: 85, grade: 'A', risk_level: 'low', model_version: 'test-1', as_of: TODAY },
      filings: {
        accounts_overdue: false,
        confirmation_statement_overdue: false,
        last_gazette_notice_on: null,
      },
      charges_outstanding: 0,
      has_insolvency_history: false,
      // 10000001 and 10000007 are active there; 10000006, in liquidation, is not counted.
      registered_office_active_companies: 2,
    });
    const loss = (await screen({ risk_level: 'severe' })).body.items[0]!;
    expect(loss.growth!.measures.profit_loss).toEqual({ from_value: -20_000, to_value: -50_000, percent_change: null }); // prettier-ignore
    expect(loss.filings).toMatchObject({
      accounts_overdue: true,
      last_gazette_notice_on: addDays(TODAY, -10),
    });
    expect(loss.charges_outstanding).toBe(2);
    const unscored = (await screen({ postcode: 'M99 9ZZ' })).body.items[0]!;
    expect(unscored).toMatchObject({ latest_accounts: null, growth: null, place: null, health: null });
  });

  it('sorts by a figure, a growth, the health score or incorporation, ties by company number', async () => {
    expect(await found({ sort: 'turnover' })).toEqual(['10000004', '10000002', '10000003', '10000001', '10000006', '10000005']); // prettier-ignore
    expect(await found({ sort: 'turnover', order: 'asc' })).toEqual(['10000005', '10000006', '10000001', '10000003', '10000002', '10000004']); // prettier-ignore
    expect(await found({ sort: 'turnover_growth' })).toEqual(['10000003', '10000006', '10000001', '10000002', '10000004', '10000005']); // prettier-ignore
    expect(await found({ sort: 'profit_growth', order: 'asc' })).toEqual(['10000006', '10000004', '10000002', '10000003', '10000001']); // prettier-ignore
    expect(await found({ sort: 'health_score' })).toEqual(['10000001', '10000002', '10000004', '10000005']);
    expect(await found({ sort: 'incorporated', sic_division: '62' })).toEqual(['10000007', '10000003', '10000002', '10000006', '10000009', '10000001']); // prettier-ignore
    expect(await found({ sort: 'company_number', order: 'desc', region: 'TLD' })).toEqual(['10000007', '10000006', '10000004', '10000002', '10000001']); // prettier-ignore
  });

  it('pages with limit and offset, with the total of every match', async () => {
    const first = await screen({ sort: 'turnover', limit: 4 });
    expect(first.body).toMatchObject({
      total: 6,
      total_capped: false,
      limit: 4,
      offset: 0,
      next_offset: 4,
      sort: 'turnover',
      order: 'desc',
    });
    expect(numbers(first.body)).toEqual(['10000004', '10000002', '10000003', '10000001']);
    const second = await screen({ sort: 'turnover', limit: 4, offset: 4 });
    expect(second.body).toMatchObject({ total: 6, offset: 4, next_offset: null });
    expect(numbers(second.body)).toEqual(['10000006', '10000005']);
    const beyond = await screen({ sort: 'turnover', limit: 4, offset: 40 });
    expect(beyond.body).toMatchObject({ total: 6, items: [], next_offset: null });
  });

  it('answers over MCP with output that matches the listed schema', async () => {
    const result = await callToolChecked(client, 'screen_companies', {
      sic_division: '62',
      region: 'North West',
      turnover_min: 1_000_000,
      sort: 'turnover',
    });
    expect((result.items as { company_number: string }[]).map((item) => item.company_number)).toEqual([
      '10000002',
      '10000001',
      '10000006',
    ]);
  });

  it.each([
    [{ turnover_min: 5, turnover_max: 1 }, 'turnover_min'],
    [{ turnover_growth_min: 'fast' }, 'turnover_growth_min'],
    [{ incorporated_from: '2020-01-01', incorporated_to: '2019-01-01' }, 'incorporated_from'],
    [{ sic_code: '62020', sic_section: 'K' }, 'sic_section'],
    [{ sic_division: '34' }, 'sic_division'],
    [{ region: 'Mercia' }, 'region'],
    [{ health_grade: 'Z' }, 'health_grade'],
    [{ sort: 'name' }, 'sort'],
    [{ limit: 0 }, 'limit'],
    [{ registered_office_shared_min: 1 }, 'registered_office_shared_min'],
    [{ registered_office_shared_min: 'many' }, 'registered_office_shared_min'],
    [{ wealth_min: 1 }, '(body)'],
    // An empty value is no number (zod's coercion alone read it as 0: "at most 0 % growth").
    [{ employees_growth_max: '' }, 'employees_growth_max'],
    [{ offset: '' }, 'offset'],
  ])('refuses %j as invalid_argument naming %s, charging nothing', async (query, argument) => {
    const before = await requestsCharged(accountId);
    const response = await screen(query);
    expect(await requestsCharged(accountId)).toEqual(before);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_argument');
    const problems = response.body.error.details.problems as { argument: string }[];
    expect(problems.map((problem) => problem.argument)).toContain(argument);
  });

  it('refuses a local authority the lookup does not know, naming it', async () => {
    for (const local_authority of ['Gotham', 'E08999999']) {
      const response = await screen({ local_authority });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({
        code: 'invalid_argument',
        details: { argument: 'local_authority' },
      });
    }
  });

  it('refuses a Free key with the upgrade link, over REST and MCP, and charges nothing', async () => {
    const free = await signUp(app);
    const response = await screen({ turnover_min: 1 }, free.api_key);
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({
      code: 'plan_required',
      details: { required_plan: 'starter', current_plan: 'free', upgrade_url: UPGRADE_URL },
    });
    expect(response.body.error.message).toContain(UPGRADE_URL);
    const freeClient = await connectMcp(app, free.api_key);
    try {
      const result = await freeClient.callTool({ name: 'screen_companies', arguments: {} });
      expect(result.isError).toBe(true);
      expect(toolError(result)).toMatchObject({ code: 'plan_required' });
    } finally {
      await freeClient.close();
    }
    expect(await requestsCharged(free.account_id)).toEqual([]);
  });

  it('keeps the latest figures in step when a newer year is imported', async () => {
    const company = COMPANIES.find((c) => c.number === '10000002')!;
    const latestBefore = monthsBefore(TODAY, 13);
    const periodEnd = monthsBefore(TODAY, 1);
    await importAccountsDocument(
      em(),
      accountsDocument(
        company,
        periodEnd,
        { turnover: 7_500_000, profit_loss: 400_000, net_assets: 1_300_000, cash: 500_000, employees: 60 },
        { turnover: 5_000_000, profit_loss: 300_000, net_assets: 900_000, cash: 400_000, employees: 50 },
      ),
      `10000002-${periodEnd}.xhtml`,
      { ...context, detectedAt: new Date('2026-02-01T00:00:00.000Z') },
    );
    const row = (await screen({ turnover_growth_min: 40 })).body.items.find(
      (item) => item.company_number === '10000002',
    )!;
    expect(row.latest_accounts).toMatchObject({ period_end: periodEnd, figures: { turnover: 7_500_000 } });
    expect(row.growth).toMatchObject({
      from_period_end: latestBefore,
      to_period_end: periodEnd,
      measures: { turnover: { from_value: 5_000_000, to_value: 7_500_000, percent_change: 50 } },
    });
    expect(await found({ turnover_min: 7_000_000 })).toEqual(['10000002', '10000004']);
    expect(await found({ turnover_min: 7_000_000, latest_accounts_within_months: 24 })).toEqual(['10000002']);
    expect(await found({ latest_accounts_within_months: 7 })).toEqual(['10000001', '10000002']);
  });
});

describe('migration 0010 on a store that already holds accounts years', () => {
  it('backfills a latest-figures row for every company with figures, across batches', async () => {
    const db = await createTestDatabase({ empty: true });
    const orm = await openDatabase(db.database);
    try {
      await orm.getMigrator().up({ to: '0009-postcode-places' });
      // More companies than one backfill batch (500), each with two years: turnover 1000 then 1000 + k.
      const count = 1_100;
      const numbers = Array.from({ length: count }, (_, k) => String(20_000_000 + k));
      // Rows as the register held them at 0009, written directly: today's importer writes tables of later
      // migrations (company_name_terms, 0018), which a store at 0009 does not have yet.
      await orm.em
        .fork()
        .getConnection()
        .execute(
          'insert into companies (company_number, company_name, normalised_name, company_status, type, ' +
            'sic_codes, previous_company_names, has_charges, charges_total, charges_outstanding, ' +
            'charges_part_satisfied, charges_satisfied, has_insolvency_history, updated_at) values ' +
            numbers
              .map(() => "(?, ?, ?, 'active', 'ltd', '[]', '[]', false, 0, 0, 0, 0, false, ?)")
              .join(', '),
          numbers.flatMap((number) => [
            number,
            `BACKFILL ${number} LIMITED`,
            `BACKFILL ${number} LIMITED`,
            new Date().toISOString(),
          ]),
        );
      const measures = (turnover: number): string =>
        JSON.stringify(
          measuresSchema.parse(
            Object.fromEntries(
              MEASURE_NAMES.map((name) => [
                name,
                { value: name === 'turnover' ? turnover : null, sources: [] },
              ]),
            ),
          ),
        );
      const em = orm.em.fork();
      for (const [k, companyNumber] of numbers.entries())
        for (const [periodEnd, origin, turnover] of [
          ['2023-12-31', 'comparative', 1000],
          ['2024-12-31', 'filed', 1000 + k],
        ] as const)
          em.create(AccountsYearEntity, {
            companyNumber,
            periodEnd,
            basis: 'company',
            origin,
            periodStart: null,
            profitAndLossFiled: true,
            measures: measures(turnover),
            document: `${companyNumber}.xhtml`,
            documentPeriodEnd: '2024-12-31',
            accountsType: null,
            accountingStandard: null,
            problems: '[]',
          });
      await em.flush();

      await orm.getMigrator().up();
      const rows = (await orm.em
        .fork()
        .getConnection()
        .execute(
          'select company_number, period_end, previous_period_end, turnover, turnover_growth ' +
            'from company_latest_figures order by company_number',
        )) as Record<string, unknown>[];
      expect(rows).toHaveLength(count);
      expect(rows[0]).toEqual({
        company_number: '20000000',
        period_end: '2024-12-31',
        previous_period_end: '2023-12-31',
        turnover: 1000,
        turnover_growth: 0,
      });
      expect(rows[count - 1]).toMatchObject({
        company_number: '20001099',
        turnover: 2099,
        turnover_growth: 109.9,
      });
      expect(rows.map((row) => row.company_number)).toEqual(numbers);
    } finally {
      await orm.close();
      await db.drop();
    }
  });
});
