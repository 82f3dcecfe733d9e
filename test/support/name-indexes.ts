/** SQLite's name indexes (virtual tables, kept by the importer, not by the tables they index): the words and the pairs. */
export const SQLITE_NAME_INDEXES = ['companies_fts', 'company_name_pairs'] as const;

/** Empties them, for a test that empties the register itself. */
export async function emptySqliteNameIndexes(connection: {
  execute(sql: string): Promise<unknown>;
}): Promise<void> {
  for (const index of SQLITE_NAME_INDEXES) await connection.execute(`delete from ${index}`);
}
