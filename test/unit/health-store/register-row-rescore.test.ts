import { COMPANY_COLUMNS, type CompanyColumnValue } from '../../../src/domain/companies/company-record';
import { registerRowNeedsRescore } from '../../../src/domain/health/store/register-row-rescore';

/** A stored row as SQLite reads it back (booleans 0/1, updated_at epoch ms) and the same row as the parser makes it. */
const written: Record<string, CompanyColumnValue> = Object.fromEntries(
  COMPANY_COLUMNS.map((column) => [column, null]),
);
Object.assign(written, {
  company_number: '09000001',
  company_name: 'ACORN LEAF LTD',
  company_status: 'active',
  date_of_creation: '2015-11-14',
  accounting_reference_day: 30,
  next_accounts_due: '2025-08-31',
  sic_codes: '["62020"]',
  has_charges: false,
  charges_total: 0,
  has_insolvency_history: false,
  updated_at: new Date('2025-06-01T08:00:00Z'),
});
const values = (changes: Record<string, CompanyColumnValue> = {}): CompanyColumnValue[] =>
  COMPANY_COLUMNS.map((column) => (column in changes ? changes[column]! : written[column]!));
const storedSqlite = { ...written, has_charges: 0, has_insolvency_history: 0, updated_at: 1748764800000 };

describe('registerRowNeedsRescore', () => {
  it('sees no change in the same row read back by either driver, whenever it was written', () => {
    expect(
      registerRowNeedsRescore(storedSqlite, values({ updated_at: new Date('2026-01-01T00:00:00Z') })),
    ).toBe(false);
    expect(registerRowNeedsRescore(written, values())).toBe(false);
    // An integer column given as text by one side, an empty text as null by the other.
    expect(
      registerRowNeedsRescore({ ...storedSqlite, care_of: '' }, values({ accounting_reference_day: '30' })),
    ).toBe(false);
  });

  it('sees a change in a column the change feed tracks and in one it does not', () => {
    expect(registerRowNeedsRescore(storedSqlite, values({ company_status: 'liquidation' }))).toBe(true);
    expect(registerRowNeedsRescore(storedSqlite, values({ next_accounts_due: '2026-08-31' }))).toBe(true);
    expect(registerRowNeedsRescore(storedSqlite, values({ date_of_creation: '2015-11-15' }))).toBe(true);
    expect(registerRowNeedsRescore(storedSqlite, values({ has_charges: true }))).toBe(true);
    expect(registerRowNeedsRescore(storedSqlite, values({ next_accounts_due: null }))).toBe(true);
  });

  it('keeps insolvency history as the writers do: gained is a change, lost is not', () => {
    expect(registerRowNeedsRescore(storedSqlite, values({ has_insolvency_history: true }))).toBe(true);
    expect(
      registerRowNeedsRescore(
        { ...storedSqlite, has_insolvency_history: 1 },
        values({ has_insolvency_history: false }),
      ),
    ).toBe(false);
    expect(
      registerRowNeedsRescore(
        { ...written, has_insolvency_history: true },
        values({ has_insolvency_history: false }),
      ),
    ).toBe(false);
  });
});
