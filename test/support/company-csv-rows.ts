import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The bulk CSV sample the register tests start from. */
export const SAMPLE_COMPANIES_CSV = join(__dirname, '../fixtures/companies/basic-company-data-sample.csv');

/** Column positions in the BasicCompanyData CSV that tests vary. */
export const CSV_COLUMN = {
  NAME: 0,
  NUMBER: 1,
  ADDRESS_LINE_1: 4,
  TOWN: 6,
  POSTCODE: 9,
  CATEGORY: 10,
  STATUS: 11,
  DISSOLUTION_DATE: 13,
  SIC_1: 26,
  SIC_2: 27,
  URI: 32,
} as const;

// A row of the sample file (ACORN LEAF CONSULTING LTD) as the template for made-up companies.
export const templateRow: readonly string[] = readFileSync(SAMPLE_COMPANIES_CSV, 'utf8')
  .split('\n')[1]!
  .slice(1, -1)
  .split('","');

/** A CSV line: the template row with `changes` (column → value) applied, and the URI following the number. */
export function csvRow(changes: Record<number, string>): string {
  const fields = [...templateRow];
  for (const [column, value] of Object.entries(changes)) fields[Number(column)] = value;
  fields[CSV_COLUMN.URI] = `http://business.data.gov.uk/id/company/${fields[CSV_COLUMN.NUMBER]}`;
  return `"${fields.join('","')}"`;
}
