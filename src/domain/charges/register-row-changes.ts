import type { Company } from '../../db/entities/company';
import {
  diffCompany,
  TRACKED_COLUMNS,
  type ChangeDraft,
  type TrackedColumn,
  type TrackedRow,
} from '../changes/company-changes';

/** The companies-row facts that detail resources (charges, insolvency) feed. */
export type DetailColumns = Pick<
  Company,
  'chargesTotal' | 'chargesOutstanding' | 'chargesPartSatisfied' | 'chargesSatisfied' | 'hasInsolvencyHistory'
>;

function trackedRow(columns: DetailColumns): TrackedRow {
  const row = Object.fromEntries(TRACKED_COLUMNS.map((column) => [column, null])) as Record<
    TrackedColumn,
    string | number | boolean | null
  >;
  row.charges_total = columns.chargesTotal;
  row.charges_outstanding = columns.chargesOutstanding;
  row.charges_part_satisfied = columns.chargesPartSatisfied;
  row.charges_satisfied = columns.chargesSatisfied;
  row.has_insolvency_history = columns.hasInsolvencyHistory;
  return row;
}

/**
 * The register changes an update of the charge counts or the insolvency flag makes, by the register diff's own
 * rules (diffCompany): an import of charges or insolvency cases announces what the bulk register would have.
 * Every other column is the same (empty) on both sides, so only these facts can differ.
 */
export function detailColumnChanges(
  companyNumber: string,
  before: DetailColumns,
  after: DetailColumns,
): ChangeDraft[] {
  return diffCompany(companyNumber, trackedRow(before), trackedRow(after));
}

/** A stored company's detail columns (SQLite hands the flag back as 0/1). */
export function detailColumnsOf(company: Company): DetailColumns {
  return {
    chargesTotal: company.chargesTotal,
    chargesOutstanding: company.chargesOutstanding,
    chargesPartSatisfied: company.chargesPartSatisfied,
    chargesSatisfied: company.chargesSatisfied,
    hasInsolvencyHistory: Boolean(company.hasInsolvencyHistory),
  };
}
