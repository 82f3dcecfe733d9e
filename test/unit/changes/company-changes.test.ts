import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import {
  diffCompany,
  TRACKED_COLUMNS,
  trackedRowOf,
  type ChangeDraft,
  type TrackedColumn,
  type TrackedRow,
} from '../../../src/domain/changes/company-changes';
import type { CompanyProfile } from '../../../src/domain/companies/company-profile';
import { COMPANY_COLUMNS, profileToRow } from '../../../src/domain/companies/company-record';
import { parseCompaniesCsv } from '../../../src/ingest/companies-house/companies-csv';
import { trackedRowFromValues } from '../../../src/ingest/writers/register-writer';

const NUMBER = '09876543';

/** A company as the PostgreSQL driver reads it (booleans as booleans). */
const stored: TrackedRow = {
  company_name: 'ACORN LEAF CONSULTING LTD',
  company_status: 'active',
  company_status_detail: null,
  date_of_cessation: null,
  type: 'ltd',
  care_of: null,
  po_box: null,
  address_line_1: 'FLAT 4, 27 OLD STREET',
  address_line_2: null,
  locality: 'LONDON',
  region: null,
  country: 'UNITED KINGDOM',
  postal_code: 'EC1V 9HL',
  sic_codes: '["70229","62020"]',
  last_accounts_made_up_to: '2023-11-30',
  last_accounts_type: 'micro-entity',
  confirmation_statement_last_made_up_to: '2024-11-14',
  charges_total: 2,
  charges_outstanding: 1,
  charges_part_satisfied: 0,
  charges_satisfied: 1,
  has_insolvency_history: false,
};

const address = {
  care_of: null,
  po_box: null,
  address_line_1: 'FLAT 4, 27 OLD STREET',
  address_line_2: null,
  locality: 'LONDON',
  region: null,
  country: 'UNITED KINGDOM',
  postal_code: 'EC1V 9HL',
};

const charges = { total: 2, outstanding: 1, part_satisfied: 0, satisfied: 1 };

const edited = (changes: Partial<Record<TrackedColumn, TrackedRow[TrackedColumn]>>): TrackedRow => ({
  ...stored,
  ...changes,
});

const diff = (after: TrackedRow, before: TrackedRow | undefined = stored): ChangeDraft[] =>
  diffCompany(NUMBER, before, after);

const updated = (
  field: ChangeDraft['field'],
  alertType: ChangeDraft['alertType'],
  oldValue: unknown,
  newValue: unknown,
): ChangeDraft => ({ companyNumber: NUMBER, change: 'updated', field, alertType, oldValue, newValue });

describe('diffCompany', () => {
  it('records a company new to the register as one added change, raising no alert', () => {
    expect(diffCompany(NUMBER, undefined, stored)).toEqual([
      {
        companyNumber: NUMBER,
        change: 'added',
        field: 'company',
        alertType: null,
        oldValue: null,
        newValue: { company_name: 'ACORN LEAF CONSULTING LTD', company_status: 'active' },
      },
    ]);
  });

  it('records nothing when nothing changed', () => {
    expect(diff({ ...stored })).toEqual([]);
  });

  it('reads SQLite booleans (0/1), numbers as text and empty text as the same values', () => {
    const sqlite = edited({ has_insolvency_history: 0, charges_total: '2', address_line_2: '', region: '' });
    expect(diff(sqlite)).toEqual([]);
    expect(diff(stored, sqlite)).toEqual([]);
    const insolventSqlite = edited({ has_insolvency_history: 1 });
    expect(diff(edited({ has_insolvency_history: true }), insolventSqlite)).toEqual([]);
    expect(diff(insolventSqlite, edited({ has_insolvency_history: true }))).toEqual([]);
  });

  it('records a new name as name_change with both names', () => {
    expect(diff(edited({ company_name: 'ACORN LEAF DIGITAL LTD' }))).toEqual([
      updated('company_name', 'name_change', 'ACORN LEAF CONSULTING LTD', 'ACORN LEAF DIGITAL LTD'),
    ]);
  });

  describe('status', () => {
    it('records dissolution as change kind dissolved, with the date of cessation', () => {
      expect(diff(edited({ company_status: 'dissolved', date_of_cessation: '2025-05-01' }))).toEqual([
        {
          companyNumber: NUMBER,
          change: 'dissolved',
          field: 'company_status',
          alertType: 'status_change',
          oldValue: { status: 'active', detail: null, date_of_cessation: null },
          newValue: { status: 'dissolved', detail: null, date_of_cessation: '2025-05-01' },
        },
      ]);
    });

    it('records any other new status as an updated status_change', () => {
      expect(diff(edited({ company_status: 'administration' }))).toEqual([
        updated(
          'company_status',
          'status_change',
          { status: 'active', detail: null, date_of_cessation: null },
          { status: 'administration', detail: null, date_of_cessation: null },
        ),
      ]);
      const dissolved = edited({ company_status: 'dissolved', date_of_cessation: '2025-05-01' });
      expect(diff(stored, dissolved)).toEqual([
        updated(
          'company_status',
          'status_change',
          { status: 'dissolved', detail: null, date_of_cessation: '2025-05-01' },
          { status: 'active', detail: null, date_of_cessation: null },
        ),
      ]);
    });

    it('records liquidation as status_change and the insolvency it implies as gazette_notice', () => {
      expect(diff(edited({ company_status: 'liquidation', has_insolvency_history: true }))).toEqual([
        updated(
          'company_status',
          'status_change',
          { status: 'active', detail: null, date_of_cessation: null },
          { status: 'liquidation', detail: null, date_of_cessation: null },
        ),
        updated(
          'insolvency',
          'gazette_notice',
          { has_insolvency_history: false },
          { has_insolvency_history: true },
        ),
      ]);
    });

    it('records a proposal to strike off, and its withdrawal, as gazette_notice', () => {
      const proposed = edited({ company_status_detail: 'active-proposal-to-strike-off' });
      expect(diff(proposed)).toEqual([
        updated(
          'company_status',
          'gazette_notice',
          { status: 'active', detail: null },
          { status: 'active', detail: 'active-proposal-to-strike-off' },
        ),
      ]);
      expect(diff(stored, proposed)).toEqual([
        updated(
          'company_status',
          'gazette_notice',
          { status: 'active', detail: 'active-proposal-to-strike-off' },
          { status: 'active', detail: null },
        ),
      ]);
    });

    it('records another change of status detail, the status unchanged, as status_change', () => {
      expect(diff(edited({ company_status_detail: 'converted-to-plc' }))).toEqual([
        updated(
          'company_status',
          'status_change',
          { status: 'active', detail: null },
          { status: 'active', detail: 'converted-to-plc' },
        ),
      ]);
    });
  });

  it('records a new company type with no alert', () => {
    expect(diff(edited({ type: 'plc' }))).toEqual([updated('company_type', null, 'ltd', 'plc')]);
  });

  it('records any change of the registered office as one address_change with the whole address', () => {
    expect(diff(edited({ postal_code: 'EC1V 9HX' }))).toEqual([
      updated('registered_office_address', 'address_change', address, {
        ...address,
        postal_code: 'EC1V 9HX',
      }),
    ]);
    const moved = edited({
      care_of: 'FRP ADVISORY TRADING LIMITED',
      address_line_1: '2ND FLOOR 110 CANNON STREET',
      postal_code: 'EC4N 6EU',
    });
    expect(diff(moved)).toEqual([
      updated('registered_office_address', 'address_change', address, {
        ...address,
        care_of: 'FRP ADVISORY TRADING LIMITED',
        address_line_1: '2ND FLOOR 110 CANNON STREET',
        postal_code: 'EC4N 6EU',
      }),
    ]);
  });

  it('records new SIC codes as sic_change with both lists', () => {
    expect(diff(edited({ sic_codes: '["62020"]' }))).toEqual([
      updated('sic_codes', 'sic_change', ['70229', '62020'], ['62020']),
    ]);
    expect(diff(edited({ sic_codes: '[]' }))).toEqual([
      updated('sic_codes', 'sic_change', ['70229', '62020'], []),
    ]);
  });

  describe('accounts', () => {
    it('records accounts made up to a later date as accounts_filed', () => {
      expect(diff(edited({ last_accounts_made_up_to: '2024-11-30', last_accounts_type: 'dormant' }))).toEqual(
        [
          updated(
            'last_accounts',
            'accounts_filed',
            { made_up_to: '2023-11-30', type: 'micro-entity' },
            { made_up_to: '2024-11-30', type: 'dormant' },
          ),
        ],
      );
    });

    it("records a company's first accounts as accounts_filed", () => {
      const none = edited({ last_accounts_made_up_to: null, last_accounts_type: null });
      expect(diff(stored, none)).toEqual([
        updated(
          'last_accounts',
          'accounts_filed',
          { made_up_to: null, type: null },
          { made_up_to: '2023-11-30', type: 'micro-entity' },
        ),
      ]);
    });

    it('records nothing when the accounts date goes backwards or away, or only the type changes', () => {
      expect(diff(edited({ last_accounts_made_up_to: '2022-11-30' }))).toEqual([]);
      expect(diff(edited({ last_accounts_made_up_to: null, last_accounts_type: null }))).toEqual([]);
      expect(diff(edited({ last_accounts_type: 'full' }))).toEqual([]);
    });
  });

  describe('confirmation statement', () => {
    it('records a statement made up to a later date as confirmation_statement_filed', () => {
      expect(diff(edited({ confirmation_statement_last_made_up_to: '2025-11-14' }))).toEqual([
        updated(
          'confirmation_statement',
          'confirmation_statement_filed',
          { made_up_to: '2024-11-14' },
          { made_up_to: '2025-11-14' },
        ),
      ]);
      const none = edited({ confirmation_statement_last_made_up_to: null });
      expect(diff(stored, none)).toEqual([
        updated(
          'confirmation_statement',
          'confirmation_statement_filed',
          { made_up_to: null },
          { made_up_to: '2024-11-14' },
        ),
      ]);
    });

    it('records nothing when the statement date goes backwards', () => {
      expect(diff(edited({ confirmation_statement_last_made_up_to: '2023-11-14' }))).toEqual([]);
    });
  });

  describe('charges', () => {
    it('records a higher total as charge_registered with all four counts', () => {
      expect(diff(edited({ charges_total: 3, charges_outstanding: 2 }))).toEqual([
        updated('charges', 'charge_registered', charges, { ...charges, total: 3, outstanding: 2 }),
      ]);
    });

    it('records more satisfied, part satisfied, or part satisfied turned satisfied, as charge_satisfied', () => {
      const satisfied = { ...charges, outstanding: 0, satisfied: 2 };
      expect(diff(edited({ charges_outstanding: 0, charges_satisfied: 2 }))).toEqual([
        updated('charges', 'charge_satisfied', charges, satisfied),
      ]);
      const part = { ...charges, part_satisfied: 1 };
      expect(diff(edited({ charges_part_satisfied: 1 }))).toEqual([
        updated('charges', 'charge_satisfied', charges, part),
      ]);
      const partBefore = edited({ charges_part_satisfied: 1 });
      expect(diff(edited({ charges_satisfied: 2 }), partBefore)).toEqual([
        updated('charges', 'charge_satisfied', part, { ...charges, satisfied: 2 }),
      ]);
    });

    it('records a charge registered and one satisfied in the same update as two changes', () => {
      const after = { total: 3, outstanding: 1, part_satisfied: 0, satisfied: 2 };
      expect(diff(edited({ charges_total: 3, charges_satisfied: 2 }))).toEqual([
        updated('charges', 'charge_registered', charges, after),
        updated('charges', 'charge_satisfied', charges, after),
      ]);
    });

    it('compares counts as numbers, not text', () => {
      const nine = edited({ charges_total: '9' });
      expect(diff(edited({ charges_total: '10' }), nine)).toEqual([
        updated('charges', 'charge_registered', { ...charges, total: 9 }, { ...charges, total: 10 }),
      ]);
    });

    it('records nothing when counts only fall', () => {
      expect(diff(edited({ charges_total: 1, charges_satisfied: 0 }))).toEqual([]);
    });
  });

  describe('insolvency', () => {
    it('records insolvency history appearing as gazette_notice, SQLite 0/1 included', () => {
      const change = updated(
        'insolvency',
        'gazette_notice',
        { has_insolvency_history: false },
        { has_insolvency_history: true },
      );
      expect(diff(edited({ has_insolvency_history: true }))).toEqual([change]);
      expect(diff(edited({ has_insolvency_history: 1 }), edited({ has_insolvency_history: 0 }))).toEqual([
        change,
      ]);
    });

    it('records nothing when insolvency history disappears', () => {
      expect(diff(stored, edited({ has_insolvency_history: true }))).toEqual([]);
    });
  });

  it('lists several changes of one update in the order of the fields', () => {
    const after = edited({
      has_insolvency_history: true,
      charges_total: 3,
      confirmation_statement_last_made_up_to: '2025-11-14',
      last_accounts_made_up_to: '2024-11-30',
      sic_codes: '["62020"]',
      postal_code: 'EC1V 9HX',
      type: 'plc',
      company_status: 'liquidation',
      company_name: 'ACORN LEAF PLC',
    });
    expect(diff(after).map((change) => [change.field, change.alertType])).toEqual([
      ['company_name', 'name_change'],
      ['company_status', 'status_change'],
      ['company_type', null],
      ['registered_office_address', 'address_change'],
      ['sic_codes', 'sic_change'],
      ['last_accounts', 'accounts_filed'],
      ['confirmation_statement', 'confirmation_statement_filed'],
      ['charges', 'charge_registered'],
      ['insolvency', 'gazette_notice'],
    ]);
  });

  it('gives values that survive JSON as they are (what the feed stores)', () => {
    const after = edited({ company_status: 'dissolved', date_of_cessation: '2025-05-01', charges_total: 3 });
    for (const change of diff(after)) {
      expect(JSON.parse(JSON.stringify(change.oldValue))).toEqual(change.oldValue);
      expect(JSON.parse(JSON.stringify(change.newValue))).toEqual(change.newValue);
    }
  });
});

describe('trackedRowOf', () => {
  it('keeps the tracked columns of a select-star row and nulls the missing ones', () => {
    const row: Record<string, unknown> = { ...stored, normalised_name: 'ACORN LEAF CONSULTING', uri: 'x' };
    delete row.region;
    expect(trackedRowOf(row)).toEqual({ ...stored, region: null });
    expect(Object.keys(trackedRowOf(row))).toEqual([...TRACKED_COLUMNS]);
  });
});

describe('trackedRowFromValues', () => {
  const SAMPLE = join(__dirname, '../../fixtures/companies/basic-company-data-sample.csv');
  const asOf = new Date('2025-06-01T00:00:00Z');
  const updatedAt = new Date('2025-06-01T08:00:00Z');
  let profiles: CompanyProfile[];

  beforeAll(async () => {
    profiles = [];
    for await (const entry of parseCompaniesCsv(createReadStream(SAMPLE), { asOf }))
      if ('profile' in entry) profiles.push(entry.profile);
  });

  const profile = (number: string): CompanyProfile => {
    const found = profiles.find((candidate) => candidate.company_number === number);
    if (!found) throw new Error(`${number} is not in the sample`);
    return structuredClone(found);
  };

  it('picks the tracked columns from a row in COMPANY_COLUMNS order, as the register stores them', () => {
    const values = profileToRow(profile('09876543'), updatedAt);
    expect(values).toHaveLength(COMPANY_COLUMNS.length);
    expect(trackedRowFromValues(values)).toEqual({
      company_name: 'ACORN LEAF CONSULTING LTD',
      company_status: 'active',
      company_status_detail: null,
      date_of_cessation: null,
      type: 'ltd',
      care_of: null,
      po_box: null,
      address_line_1: 'FLAT 4, 27 OLD STREET',
      address_line_2: null,
      locality: 'LONDON',
      region: null,
      country: 'UNITED KINGDOM',
      postal_code: 'EC1V 9HL',
      sic_codes: '["70229","62020"]',
      last_accounts_made_up_to: '2023-11-30',
      last_accounts_type: 'micro-entity',
      confirmation_statement_last_made_up_to: '2024-11-14',
      charges_total: 0,
      charges_outstanding: 0,
      charges_part_satisfied: 0,
      charges_satisfied: 0,
      has_insolvency_history: false,
    });
  });

  it('keeps an insolvent company’s flag and charge counts', () => {
    const row = trackedRowFromValues(profileToRow(profile('11223344'), updatedAt));
    expect(row).toMatchObject({ company_status: 'liquidation', has_insolvency_history: true });
    const loom = trackedRowFromValues(profileToRow(profile('01234567'), updatedAt));
    expect(loom).toMatchObject({
      charges_total: 5,
      charges_outstanding: 1,
      charges_part_satisfied: 0,
      charges_satisfied: 4,
    });
  });

  it('gives diffCompany what it needs to compare two profiles', () => {
    const before = profile('SC412345');
    const after = structuredClone(before);
    after.company_name = 'HIGHLAND TIMBER LIMITED';
    after.charge_counts.total += 1;
    after.charge_counts.outstanding += 1;
    const rowOf = (p: CompanyProfile) => trackedRowFromValues(profileToRow(p, updatedAt));
    expect(diffCompany('SC412345', rowOf(before), rowOf(before))).toEqual([]);
    expect(diffCompany('SC412345', rowOf(before), rowOf(after))).toEqual([
      {
        companyNumber: 'SC412345',
        change: 'updated',
        field: 'company_name',
        alertType: 'name_change',
        oldValue: 'HIGHLAND TIMBER SUPPLIES LIMITED',
        newValue: 'HIGHLAND TIMBER LIMITED',
      },
      {
        companyNumber: 'SC412345',
        change: 'updated',
        field: 'charges',
        alertType: 'charge_registered',
        oldValue: { total: 2, outstanding: 1, part_satisfied: 0, satisfied: 1 },
        newValue: { total: 3, outstanding: 2, part_satisfied: 0, satisfied: 1 },
      },
    ]);
  });
});
