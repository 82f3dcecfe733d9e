/*
 * Two registered offices are the same address when their postcodes are the same (compact: upper case, no spaces)
 * and their first address lines read alike: upper case, with spaces and the punctuation people vary ("20-22",
 * "20 - 22", "20–22"; "St." and "St") removed. A full postcode is about fifteen delivery points, so the postcode
 * alone would count a whole street's neighbours as sharing; the first line alone repeats across towns. Together
 * they name one building. A line that differs in a suite or office number ("Suite 12, 20 Wenlock Road") is
 * another address here: it undercounts an agent that numbers its suites, never overcounts.
 *
 * The same key is computed in SQL (nested replace() and upper(), which SQLite and PostgreSQL both have), so the
 * count is one query over the companies table, narrowed by the postcode index (companies_postcode).
 */
const REMOVED = [' ', ',', '.', '-', '–', "'", '’', '/', '&', '(', ')'] as const;

/** A first address line in the form compared. */
export function addressLineKey(line: string): string {
  let key = line.toUpperCase();
  for (const character of REMOVED) key = key.split(character).join('');
  return key;
}

/** The SQL expression of addressLineKey over a column. */
export function addressLineKeySql(column: string): string {
  return REMOVED.reduce(
    (sql, character) => `replace(${sql}, '${character.replace(/'/g, "''")}', '')`,
    `upper(${column})`,
  );
}
