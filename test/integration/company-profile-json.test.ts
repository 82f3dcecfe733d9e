import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import type { Orm } from '../../src/db/orm';
import { getCompany } from '../../src/domain/companies/get-company';
import { searchCompanies } from '../../src/domain/companies/search-companies';
import { ServiceError } from '../../src/domain/errors';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importCompanyProfileJson } from '../../src/ingest/companies-house/resources/company-profile-json';
import { SAMPLE_COMPANIES_CSV } from '../support/company-csv-rows';
import { projectRoot } from '../support/paths';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

/*
 * The company profile resource of Companies House's REST API into the register (company-profile-json.ts): a
 * company the store holds is updated with its changes recorded as the bulk import records them, under the given
 * source; one it does not hold is inserted as a baseline; bad input is refused naming the field.
 */

type Json = Record<string, unknown>;
const fixture = (number: string): Json =>
  JSON.parse(
    readFileSync(join(projectRoot, 'test/fixtures/companies-house-api', number, 'company.json'), 'utf8'),
  ) as Json;

const registerDay = new Date('2026-11-22T00:00:00Z');
let clock = Date.parse('2026-11-23T08:00:00.000Z');
/** A new detectedAt for each import, as each fetch has its own. */
const context = () => ({ source: 'companies_house_api', detectedAt: new Date((clock += 60_000)) }) as const;

let db: TestDatabase;
let orm: Orm;
const em = (): EntityManager => orm.em.fork();

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await openMigrated(db);
  // The register sample holds 09876543, SC412345 and 11223344 as the bulk file has them: the baseline.
  await importCompaniesCsv(em(), SAMPLE_COMPANIES_CSV, { asOf: registerDay, clock: () => registerDay });
});

afterAll(async () => {
  await orm?.close();
  await db?.drop();
});

interface Change {
  field: string;
  alert_type: string | null;
  new_value: unknown;
  source: string;
  detected_at: Date;
}

/** The register change feed, oldest first. */
async function feed(): Promise<Change[]> {
  const rows: Record<string, unknown>[] = await orm.em
    .getConnection()
    .execute(
      'select field, alert_type, new_value, source, detected_at from register_changes order by sequence',
    );
  return rows.map((row) => ({
    field: row.field as string,
    alert_type: row.alert_type as string | null,
    new_value: JSON.parse(row.new_value as string) as unknown,
    source: row.source as string,
    // SQLite holds datetimes as epoch milliseconds, PostgreSQL as timestamptz.
    detected_at: new Date(row.detected_at as number | string | Date),
  }));
}

describe('importCompanyProfileJson', () => {
  it('reads the profile of a company the bulk file gave it as unchanged: no address change from spelling alone', async () => {
    // The API writes "Flat 4" + "27 Old Street" in mixed case; the file "FLAT 4, 27 OLD STREET".
    for (const number of ['09876543', 'SC412345', '11223344'])
      expect(await importCompanyProfileJson(em(), number, fixture(number), context())).toEqual({
        status: 'updated',
        companyNumber: number,
        changes: 0,
      });
    expect(await feed()).toEqual([]);
    const acorn = await getCompany(em(), '09876543');
    expect(acorn?.registered_office_address).toEqual({
      care_of: null,
      po_box: null,
      address_line_1: 'FLAT 4, 27 OLD STREET',
      address_line_2: null,
      locality: 'LONDON',
      region: null,
      country: 'UNITED KINGDOM',
      postal_code: 'EC1V 9HL',
    });
  });

  it('keeps the charge counts and URI the profile does not carry', async () => {
    const highland = await getCompany(em(), 'SC412345');
    // From the bulk file: two charges, one outstanding, one satisfied.
    expect(highland?.charge_counts).toEqual({ total: 2, outstanding: 1, part_satisfied: 0, satisfied: 1 });
    expect(highland?.has_charges).toBe(true);
    expect(highland?.uri).toBe('http://business.data.gov.uk/id/company/SC412345');
    // The profile's own facts replaced the file's.
    expect(highland?.accounts.last_accounts).toEqual({ made_up_to: '2023-12-31', type: 'full' });
  });

  it('records what changed once, under the given source and time, as the bulk import records it', async () => {
    const moved = {
      ...fixture('09876543'),
      company_name: 'ACORN LEAF DIGITAL LTD',
      registered_office_address: {
        premises: '27',
        address_line_1: 'Harbour Road',
        locality: 'Bristol',
        postal_code: 'BS1 5TT',
        country: 'England',
      },
    };
    const at = context();
    expect(await importCompanyProfileJson(em(), '09876543', moved, at)).toEqual({
      status: 'updated',
      companyNumber: '09876543',
      changes: 2,
    });
    const changes = await feed();
    expect(changes.map(({ field, alert_type, source }) => ({ field, alert_type, source }))).toEqual([
      { field: 'company_name', alert_type: 'name_change', source: 'companies_house_api' },
      { field: 'registered_office_address', alert_type: 'address_change', source: 'companies_house_api' },
    ]);
    expect(changes.every((change) => change.detected_at.getTime() === at.detectedAt.getTime())).toBe(true);
    // A numbered premises runs into the street, as the bulk file writes it.
    expect(changes[1]!.new_value).toMatchObject({ address_line_1: '27 HARBOUR ROAD', locality: 'BRISTOL' });

    // The same profile again: nothing more.
    expect(await importCompanyProfileJson(em(), '09876543', moved, context())).toMatchObject({ changes: 0 });
    expect(await feed()).toHaveLength(2);
  });

  it('inserts a company the store does not hold as a baseline, with what the API left out as the CSV path has it', async () => {
    // A new incorporation: no accounts filed yet, no SIC codes, address without a second line, no charges flag.
    const incorporated = {
      company_name: 'WILLOW BANK BAKERY LTD',
      company_number: '16012345',
      company_status: 'active',
      type: 'ltd',
      jurisdiction: 'england-wales',
      date_of_creation: '2026-11-20',
      registered_office_address: { address_line_1: '8 Mill Lane', locality: 'York', postal_code: 'YO1 7HH' },
      accounts: {
        accounting_reference_date: { day: '30', month: '11' },
        next_accounts: { period_end_on: '2027-11-30', due_on: '2028-08-20' },
        last_accounts: { type: 'null' },
      },
      confirmation_statement: { next_due: '2027-12-03' },
      can_file: true,
      links: { self: '/company/16012345' },
    };
    const before = (await feed()).length;
    expect(await importCompanyProfileJson(em(), null, JSON.stringify(incorporated), context())).toEqual({
      status: 'inserted',
      companyNumber: '16012345',
    });
    expect(await feed()).toHaveLength(before);
    const willow = await getCompany(em(), '16012345', new Date('2026-11-24T00:00:00Z'));
    expect(willow).toMatchObject({
      company_name: 'WILLOW BANK BAKERY LTD',
      company_status_detail: null,
      subtype: null,
      jurisdiction: 'england-wales',
      date_of_cessation: null,
      sic_codes: [],
      previous_company_names: [],
      has_charges: false,
      charge_counts: { total: 0, outstanding: 0, part_satisfied: 0, satisfied: 0 },
      has_insolvency_history: false,
      country_of_origin: 'United Kingdom',
      uri: null,
      accounts: {
        accounting_reference_date: { day: 30, month: 11 },
        last_accounts: { made_up_to: null, type: null },
        next_made_up_to: '2027-11-30',
        next_due: '2028-08-20',
        overdue: false,
      },
      // next_made_up_to derived from the due date, as the CSV path derives it.
      confirmation_statement: {
        last_made_up_to: null,
        next_made_up_to: '2027-11-19',
        next_due: '2027-12-03',
        overdue: false,
      },
      annual_return: { last_made_up_to: null, next_due: null },
    });
    expect(willow?.registered_office_address).toMatchObject({
      address_line_1: '8 MILL LANE',
      address_line_2: null,
      locality: 'YORK',
    });
    // In the name index too: a search finds it.
    const found = await searchCompanies(em(), { q: 'willow bank bakery', limit: 5, offset: 0 });
    expect(found.items.map((item) => item.company_number)).toEqual(['16012345']);
  });

  it('a new company with charges says so, with counts of zero until its charges are imported', async () => {
    const charged = { ...fixture('11223344'), company_number: '11223355', company_name: 'RED KITE TWO LTD' };
    expect(await importCompanyProfileJson(em(), '11223355', charged, context())).toEqual({
      status: 'inserted',
      companyNumber: '11223355',
    });
    expect(await getCompany(em(), '11223355')).toMatchObject({
      has_charges: true,
      charge_counts: { total: 0, outstanding: 0, part_satisfied: 0, satisfied: 0 },
      // liquidation is an insolvency status; the profile says so too.
      has_insolvency_history: true,
      accounts: { accounting_reference_date: { day: 31, month: 3 } },
    });
  });

  it('refuses a profile of another company than the one expected, writing nothing', async () => {
    const error = await importCompanyProfileJson(em(), 'SC412345', fixture('09876543'), context()).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'invalid_argument', details: { field: 'company_number' } });
    expect((error as Error).message).toContain('09876543, not SC412345');
    expect((await getCompany(em(), 'SC412345'))?.company_name).toBe('HIGHLAND TIMBER SUPPLIES LIMITED');
  });

  it('refuses an expected number that is not a company number', async () => {
    await expect(
      importCompanyProfileJson(em(), 'not-a-number', fixture('09876543'), context()),
    ).rejects.toMatchObject({ code: 'invalid_company_number' });
  });

  const acorn = fixture('09876543');
  const withAccounts = (accounts: Json) => ({
    ...acorn,
    accounts: { ...(acorn.accounts as Json), ...accounts },
  });
  it.each<[string, unknown]>([
    ['(document)', 'this is not JSON'],
    ['(document)', null],
    ['(document)', []],
    ['company_number', { ...acorn, company_number: undefined }],
    ['company_number', { ...acorn, company_number: 'ACORN' }],
    ['company_name', { ...acorn, company_name: '  ' }],
    ['company_status', { ...acorn, company_status: 'trading' }],
    ['type', { ...acorn, type: undefined }],
    ['date_of_creation', { ...acorn, date_of_creation: '14/11/2015' }],
    ['registered_office_address.postal_code', { ...acorn, registered_office_address: { postal_code: 7 } }],
    ['sic_codes.0', { ...acorn, sic_codes: ['Management consultancy'] }],
    [
      'accounts.accounting_reference_date.day',
      withAccounts({ accounting_reference_date: { day: '32', month: '3' } }),
    ],
    ['accounts.last_accounts.type', withAccounts({ last_accounts: { type: 'enormous' } })],
    [
      'previous_company_names.0.name',
      { ...acorn, previous_company_names: [{ name: '', ceased_on: '2017-01-20' }] },
    ],
    ['has_charges', { ...acorn, has_charges: 'no' }],
  ])('refuses a bad %s, naming it, writing nothing', async (field, body) => {
    const before = await feed();
    const error = await importCompanyProfileJson(em(), '09876543', body, context()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'invalid_argument', details: { field } });
    expect((error as Error).message).toContain(`${field}: `);
    expect(await feed()).toEqual(before);
    expect((await getCompany(em(), '09876543'))?.company_name).toBe('ACORN LEAF DIGITAL LTD');
  });
});
