/*
 * Two registered offices are the same address when their postcodes are the same (compact: upper case, no spaces)
 * and their first address lines read alike: upper case, with spaces and the punctuation people vary ("20-22",
 * "20 - 22", "20–22"; "St." and "St") removed. A full postcode is about fifteen delivery points, so the postcode
 * alone would count a whole street's neighbours as sharing; the first line alone repeats across towns. Together
 * they name one building. A line that differs in a suite or office number ("Suite 12, 20 Wenlock Road") is
 * another address here: it undercounts an agent that numbers its suites, never overcounts.
 *
 * Each company stores its key (companies.office_line_key, written with the row), and the postcode index
 * (companies_postcode: outward code, postcode, office key, status) holds it, so counting the active companies at
 * one office, or every office shared by at least N (the screener's filter), reads the index alone. Migration 0034
 * filled the column for the rows stored before it with the same key in SQL (test/integration/office-line-key-
 * migration.test.ts compares the two): a change to REMOVED needs a migration that recomputes the column.
 */
const REMOVED = [' ', ',', '.', '-', '–', "'", '’', '/', '&', '(', ')'] as const;

/** A first address line in the form compared. */
export function addressLineKey(line: string): string {
  let key = line.toUpperCase();
  for (const character of REMOVED) key = key.split(character).join('');
  return key;
}

/** The key stored for a registered office's first line: null when there is no line to compare. */
export function officeLineKey(line: string | null): string | null {
  if (line === null) return null;
  const key = addressLineKey(line);
  return key === '' ? null : key;
}
