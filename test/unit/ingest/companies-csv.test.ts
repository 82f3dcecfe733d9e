import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  BASIC_COMPANY_DATA_COLUMNS,
  BASIC_COMPANY_DATA_HEADER_LINE,
  CompaniesCsvHeaderError,
  parseCompaniesCsv,
  type CompaniesCsvEntry,
  type ParseCompaniesCsvOptions,
} from '../../../src/ingest/companies-house/companies-csv';
import {
  companyProfileSchema,
  computeOverdue,
  type CompanyProfile,
} from '../../../src/domain/companies/company-profile';

const fixtures = join(__dirname, '../../fixtures/companies');
const SAMPLE = join(fixtures, 'basic-company-data-sample.csv');
const BAD_ROWS = join(fixtures, 'basic-company-data-bad-rows.csv');
const asOf = new Date('2025-06-01T00:00:00Z');

async function collect(
  input: Readable,
  options: Partial<ParseCompaniesCsvOptions> = {},
): Promise<CompaniesCsvEntry[]> {
  const entries: CompaniesCsvEntry[] = [];
  for await (const entry of parseCompaniesCsv(input, { asOf, ...options })) entries.push(entry);
  return entries;
}

const fromText = (text: string) => Readable.from([text]);

function profiles(entries: CompaniesCsvEntry[]): CompanyProfile[] {
  return entries.flatMap((entry) => ('profile' in entry ? [entry.profile] : []));
}

async function sampleProfile(companyNumber: string, at: Date = asOf): Promise<CompanyProfile> {
  const found = profiles(await collect(createReadStream(SAMPLE), { asOf: at })).find(
    (profile) => profile.company_number === companyNumber,
  );
  if (found === undefined) throw new Error(`${companyNumber} is not in the sample fixture`);
  return found;
}

/** [line, 'profile' | error text] for each entry: the shape line-number tests compare. */
const outline = (entries: CompaniesCsvEntry[]) =>
  entries.map((entry) => ['profile' in entry ? 'profile' : entry.error, entry.line]);

describe('header', () => {
  const sampleText = readFileSync(SAMPLE, 'utf8');

  it('is the published 55-column header, stray leading spaces included', () => {
    expect(BASIC_COMPANY_DATA_COLUMNS).toHaveLength(55);
    expect(BASIC_COMPANY_DATA_COLUMNS[1]).toBe(' CompanyNumber');
    expect(BASIC_COMPANY_DATA_COLUMNS[5]).toBe(' RegAddress.AddressLine2');
    expect(BASIC_COMPANY_DATA_COLUMNS[54]).toBe(' ConfStmtLastMadeUpDate');
    expect(sampleText.split('\n')[0]).toBe(BASIC_COMPANY_DATA_HEADER_LINE);
  });

  it('rejects a trimmed header, naming the first column that differs', async () => {
    const trimmed = sampleText.replace(' CompanyNumber', 'CompanyNumber');
    const failure = collect(fromText(trimmed));
    await expect(failure).rejects.toBeInstanceOf(CompaniesCsvHeaderError);
    await expect(collect(fromText(trimmed))).rejects.toMatchObject({
      column: 2,
      message: expect.stringContaining('column 2 is "CompanyNumber", expected " CompanyNumber"'),
    });
  });

  it('rejects a header missing its last column', async () => {
    const short = sampleText.replace(', ConfStmtLastMadeUpDate\n', '\n');
    await expect(collect(fromText(short))).rejects.toThrow(
      'column 55 is missing, expected " ConfStmtLastMadeUpDate"',
    );
  });

  it('rejects a header with an extra column', async () => {
    const long = sampleText.replace(', ConfStmtLastMadeUpDate\n', ', ConfStmtLastMadeUpDate,Extra\n');
    await expect(collect(fromText(long))).rejects.toThrow('column 56 "Extra" is extra');
  });

  it('rejects an empty file', async () => {
    await expect(collect(fromText(''))).rejects.toThrow('the file is empty');
  });

  it('accepts a byte order mark before the header', async () => {
    expect(profiles(await collect(fromText('\ufeff' + sampleText)))).toHaveLength(11);
  });
});

describe('mapping the sample file', () => {
  it('maps every row to a profile that satisfies the schema', async () => {
    const entries = await collect(createReadStream(SAMPLE));
    expect(entries.map((entry) => entry.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    for (const profile of profiles(entries)) expect(companyProfileSchema.parse(profile)).toEqual(profile);
  });

  it('maps one row field by field', async () => {
    expect(await sampleProfile('09876543')).toEqual({
      company_number: '09876543',
      company_name: 'ACORN LEAF CONSULTING LTD',
      company_status: 'active',
      company_status_detail: null,
      type: 'ltd',
      subtype: null,
      jurisdiction: 'england-wales',
      date_of_creation: '2015-11-14',
      date_of_cessation: null,
      registered_office_address: {
        care_of: null,
        po_box: null,
        address_line_1: 'FLAT 4, 27 OLD STREET',
        address_line_2: null,
        locality: 'LONDON',
        region: null,
        country: 'UNITED KINGDOM',
        postal_code: 'EC1V 9HL',
      },
      sic_codes: ['70229', '62020'],
      accounts: {
        accounting_reference_date: { day: 30, month: 11 },
        last_accounts: { made_up_to: '2023-11-30', type: 'micro-entity' },
        next_made_up_to: '2024-11-30',
        next_due: '2025-08-31',
        overdue: false,
      },
      confirmation_statement: {
        last_made_up_to: '2024-11-14',
        next_made_up_to: '2025-11-14',
        next_due: '2025-11-28',
        overdue: false,
      },
      annual_return: { last_made_up_to: null, next_due: '2016-12-12' },
      previous_company_names: [
        { name: 'ACORN LEAF SOLUTIONS LTD', effective_from: '2017-01-20', ceased_on: '2019-04-03' },
        { name: 'ACORN IT SERVICES LTD', effective_from: '2015-11-14', ceased_on: '2017-01-20' },
      ],
      has_charges: false,
      charge_counts: { total: 0, outstanding: 0, part_satisfied: 0, satisfied: 0 },
      has_insolvency_history: false,
      country_of_origin: 'United Kingdom',
      uri: 'http://business.data.gov.uk/id/company/09876543',
    });
  });

  it('gives a Scottish SC company the scotland jurisdiction and keeps its charges', async () => {
    const profile = await sampleProfile('SC412345');
    expect(profile).toMatchObject({
      jurisdiction: 'scotland',
      registered_office_address: { locality: 'INVERNESS', region: 'INVERNESS-SHIRE', postal_code: 'IV2 7WL' },
      has_charges: true,
      charge_counts: { total: 2, outstanding: 1, part_satisfied: 0, satisfied: 1 },
      sic_codes: ['46730'],
    });
  });

  it('maps categories to Companies House type codes', async () => {
    expect(await sampleProfile('OC398765')).toMatchObject({ type: 'llp', subtype: null });
    expect(await sampleProfile('01234567')).toMatchObject({ type: 'plc', subtype: null });
    expect(await sampleProfile('10987654')).toMatchObject({
      type: 'ltd',
      subtype: 'community-interest-company',
    });
    expect(await sampleProfile('02345678')).toMatchObject({
      type: 'private-limited-guarant-nsc-limited-exemption',
      company_status: 'active',
      company_status_detail: 'active-proposal-to-strike-off',
    });
    expect(await sampleProfile('NI612345')).toMatchObject({ jurisdiction: 'northern-ireland' });
  });

  it('reads empty dates as null and "None Supplied" as no SIC codes', async () => {
    const profile = await sampleProfile('15678901');
    expect(profile.sic_codes).toEqual([]);
    expect(profile.accounts).toEqual({
      accounting_reference_date: { day: 31, month: 5 },
      last_accounts: { made_up_to: null, type: null },
      // No accounts yet: the first reference date at least six months after incorporation (2024-05-02).
      next_made_up_to: '2025-05-31',
      next_due: '2026-02-02',
      overdue: false,
    });
    expect(profile.annual_return).toEqual({ last_made_up_to: null, next_due: null });
    expect(profile.previous_company_names).toEqual([]);
  });

  it('unescapes doubled quotes and keeps the only previous name dated from incorporation', async () => {
    const profile = await sampleProfile('08123456');
    expect(profile.company_name).toBe('THE "BLUE DOOR" GALLERY LIMITED');
    expect(profile.previous_company_names).toEqual([
      { name: 'BLUE DOOR ARTS LIMITED', effective_from: '2012-07-10', ceased_on: '2016-02-22' },
    ]);
  });

  it('collects SIC descriptions into the map it is given', async () => {
    const sicDescriptions = new Map<string, string>();
    await collect(createReadStream(SAMPLE), { sicDescriptions });
    expect(sicDescriptions.get('70229')).toBe(
      'Management consultancy activities other than financial management',
    );
    expect(sicDescriptions.get('10710')).toBe(
      'Manufacture of bread; manufacture of fresh pastry goods and cakes',
    );
    expect(sicDescriptions.has('None Supplied')).toBe(false);
    expect(sicDescriptions.size).toBe(14);
  });
});

describe('overdue filings, against asOf and never the clock', () => {
  it('is on time on the due date and overdue the day after', async () => {
    // QUIET RIVER HOLDINGS: confirmation statement due 01/01/2025.
    const onDueDate = await sampleProfile('12345678', new Date('2025-01-01T23:00:00Z'));
    const dayAfter = await sampleProfile('12345678', new Date('2025-01-02T00:00:00Z'));
    expect(onDueDate.confirmation_statement.overdue).toBe(false);
    expect(dayAfter.confirmation_statement.overdue).toBe(true);
    expect(dayAfter.accounts.overdue).toBe(false);
  });

  it('flags a company in liquidation that stopped filing, and its insolvency', async () => {
    const profile = await sampleProfile('11223344');
    expect(profile).toMatchObject({
      company_status: 'liquidation',
      has_insolvency_history: true,
      registered_office_address: { care_of: 'FRP ADVISORY TRADING LIMITED' },
      accounts: { next_due: '2024-12-31', overdue: true },
      confirmation_statement: { next_due: '2025-03-19', overdue: true },
    });
    expect(computeOverdue(profile, new Date('2024-12-31'))).toEqual({
      accounts: false,
      confirmation_statement: false,
    });
  });

  it('never flags a dissolved company', async () => {
    const profile = await sampleProfile('11223344');
    const dissolved = { ...profile, company_status: 'dissolved' as const };
    expect(computeOverdue(profile, asOf)).toEqual({ accounts: true, confirmation_statement: true });
    expect(computeOverdue(dissolved, asOf)).toEqual({ accounts: false, confirmation_statement: false });
  });
});

describe('bad rows', () => {
  const expectedOutline = [
    ['profile', 2],
    ['expected 55 fields, found 54', 3],
    ['profile', 4],
    ['IncorporationDate: invalid date "31/02/2020" (expected DD/MM/YYYY)', 5],
    ['CompanyNumber: invalid company number "AB12345X"', 6],
    ['profile', 7], // this record spans lines 7 and 8
    ['SICCode.SicText_1: not a SIC text "Management consultancy" (expected "70229 - …")', 9],
    ['profile', 10],
  ];

  it('reports each malformed row with its line and carries on', async () => {
    const entries = await collect(createReadStream(BAD_ROWS));
    expect(outline(entries)).toEqual(expectedOutline);
    expect(profiles(entries).map((profile) => profile.company_number)).toEqual([
      '09876543',
      'SC412345',
      '11223344',
      '01234567',
    ]);
    expect(profiles(entries)[2]!.registered_office_address.address_line_1).toBe(
      '2ND FLOOR\n110 CANNON STREET',
    );
  });

  it('keeps physical line numbers in a CRLF file with a CRLF inside a field', async () => {
    const crlf = readFileSync(BAD_ROWS, 'utf8').replace(/\n/g, '\r\n');
    const entries = await collect(fromText(crlf));
    expect(outline(entries)).toEqual(expectedOutline);
    expect(profiles(entries)[2]!.registered_office_address.address_line_1).toBe(
      '2ND FLOOR\r\n110 CANNON STREET',
    );
  });

  it('counts blank lines', async () => {
    const [header, first, ...rest] = readFileSync(SAMPLE, 'utf8').split('\n');
    const entries = await collect(fromText([header, '', first, '', '', ...rest].join('\n')));
    expect(entries.slice(0, 3).map((entry) => entry.line)).toEqual([3, 6, 7]);
  });

  it('reports a quote left open to the end of the file as one error', async () => {
    const [header, first] = readFileSync(SAMPLE, 'utf8').split('\n');
    const entries = await collect(fromText([header, first, '"UNCLOSED LTD,00000001', ''].join('\n')));
    expect(entries).toHaveLength(2);
    expect(entries[1]).toEqual({ line: 3, error: expect.stringContaining('malformed CSV') });
  });

  it('fails the run when the input stream fails', async () => {
    const broken = new Readable({
      read() {
        this.destroy(new Error('disk gone'));
      },
    });
    await expect(collect(broken)).rejects.toThrow('disk gone');
  });
});

describe('resuming with startAtLine', () => {
  it('skips rows that start before the line', async () => {
    const entries = await collect(createReadStream(SAMPLE), { startAtLine: 5 });
    expect(entries.map((entry) => entry.line)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(profiles(entries)[0]!.company_number).toBe('01234567');
  });

  it('reports errors only from the line on', async () => {
    expect(outline(await collect(createReadStream(BAD_ROWS), { startAtLine: 6 }))).toEqual([
      ['CompanyNumber: invalid company number "AB12345X"', 6],
      ['profile', 7],
      ['SICCode.SicText_1: not a SIC text "Management consultancy" (expected "70229 - …")', 9],
      ['profile', 10],
    ]);
  });

  it('does not restart inside a record that spans lines', async () => {
    expect(
      outline(await collect(createReadStream(BAD_ROWS), { startAtLine: 8 })).map(([, line]) => line),
    ).toEqual([9, 10]);
  });

  it('still checks the header', async () => {
    const wrong = readFileSync(SAMPLE, 'utf8').replace('CompanyName,', 'Name,');
    await expect(collect(fromText(wrong), { startAtLine: 5 })).rejects.toBeInstanceOf(
      CompaniesCsvHeaderError,
    );
  });
});
