import type { EntityManager } from '@mikro-orm/core';
import { readRows, type ReadOptions } from '../../../db/read-query';
import type { CompanySummary } from '../company-summary';
import { placeholders } from '../register-sql';

/** A search's page as the register holds it: the columns of a company summary, and how they become one. */
export const SUMMARY_COLUMNS =
  'c.company_number, c.company_name, c.company_status, c.type, c.date_of_creation, c.locality, ' +
  'c.postal_code, c.sic_codes';

/** The register columns a company summary is read from, as a raw query returns them. */
export interface SummaryRow {
  company_number: string;
  company_name: string;
  company_status: CompanySummary['company_status'];
  type: CompanySummary['type'];
  date_of_creation: string | null;
  locality: string | null;
  postal_code: string | null;
  sic_codes: string;
}

export function toSummary(row: SummaryRow): CompanySummary {
  return {
    company_number: row.company_number,
    company_name: row.company_name,
    company_status: row.company_status,
    type: row.type,
    date_of_creation: row.date_of_creation,
    registered_office_address: { locality: row.locality, postal_code: row.postal_code },
    sic_codes: JSON.parse(row.sic_codes) as string[],
  };
}

/** The summaries of `numbers`, in that order. */
export async function summariesOf(
  em: EntityManager,
  numbers: readonly string[],
  reads: ReadOptions = {},
): Promise<SummaryRow[]> {
  if (numbers.length === 0) return [];
  const found = await readRows<SummaryRow>(
    em,
    `select ${SUMMARY_COLUMNS} from companies c where c.company_number in (${placeholders(numbers.length)})`,
    [...numbers],
    reads,
  );
  const byNumber = new Map(found.map((row) => [row.company_number, row]));
  // A company removed between the two reads is left out, as if the page had been read a moment later.
  return numbers.flatMap((number) => byNumber.get(number) ?? []);
}
