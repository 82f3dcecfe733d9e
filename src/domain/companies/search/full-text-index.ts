/*
 * SQLite: which full-text index a name search's tier 4 is read from, and how. The word index (companies_fts) holds
 * each name's words; the pair index (company_name_pairs, name-pairs.ts) each two of them, and answers a search of
 * several whole words far sooner. Both are keyed by the company number's key (companyNumberKey), so a count or an
 * intersection reads keys alone; the pair index holds nothing else, and its matches' numbers are read from the
 * word index by key.
 */
/** SQLite's name indexes (FTS5 tables the importer keeps, not the tables they index): the words and the pairs. */
export const SQLITE_NAME_INDEXES = ['companies_fts', 'company_name_pairs'] as const;

export interface FullTextIndex {
  table: (typeof SQLITE_NAME_INDEXES)[number];
  /** The FTS5 query in that index. */
  query: string;
}

/** The matches' keys (rowids): `select key …`, one `?` for the query. */
export function matchedKeysSql(index: FullTextIndex): string {
  return `select rowid as key from ${index.table} where ${index.table} match ?`;
}

/** The matches' company numbers: `select company_number …`, one `?` for the query. */
export function matchedNumbersSql(index: FullTextIndex): string {
  if (index.table === 'companies_fts')
    return 'select f.company_number from companies_fts f where companies_fts match ?';
  return (
    'select f.company_number from companies_fts f where f.rowid in ' +
    '(select p.rowid from company_name_pairs p where company_name_pairs match ?)'
  );
}
