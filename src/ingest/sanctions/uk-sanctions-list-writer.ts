import { UK_SANCTIONS_LIST_COLUMNS, type UkSanctionsListColumn } from './uk-sanctions-list-layout';

/*
 * Writes lines of the UK Sanctions List CSV in the published layout, for whatever makes a list rather than reads
 * one (the demo generator, tests): the Report Date line, the header, and rows given by column name.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Report Date: 13-Feb-2026" for the ISO day 2026-02-13, as the published files word it. */
export function reportDateLine(isoDay: string): string {
  return `Report Date: ${isoDay.slice(8, 10)}-${MONTHS[Number(isoDay.slice(5, 7)) - 1]}-${isoDay.slice(0, 4)}\n`;
}

export const UK_SANCTIONS_LIST_HEADER_LINE = UK_SANCTIONS_LIST_COLUMNS.join(',') + '\n';

export type UkSanctionsListRow = Partial<Record<UkSanctionsListColumn, string>>;

function field(value: string | undefined): string {
  if (value === undefined || value === '') return '';
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function ukSanctionsListRowLine(row: UkSanctionsListRow): string {
  return UK_SANCTIONS_LIST_COLUMNS.map((column) => field(row[column])).join(',') + '\n';
}

/** dd/mm/yyyy, the list's date form, of an ISO day. */
export function listDate(isoDay: string): string {
  return `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}/${isoDay.slice(0, 4)}`;
}
