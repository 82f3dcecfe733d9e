import type { CsvCell } from './pages/screen-columns';

/*
 * CSV as RFC 4180 writes it (CRLF line ends; a field holding a comma, a quote, CR or LF quoted, its quotes
 * doubled), with text that a spreadsheet would run as a formula made inert: a text cell starting with = + - @,
 * a tab or a CR gets a leading apostrophe (OWASP's CSV injection advice). Numbers are written as numbers, so a
 * loss (-5000) stays a number a spreadsheet can add up.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? String(cell) : FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
