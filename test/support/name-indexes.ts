import { SQLITE_NAME_INDEXES } from '../../src/domain/companies/search/full-text-index';

/** Empties SQLite's name indexes, for a test that empties the register itself (the importer keeps them, no key). */
export async function emptySqliteNameIndexes(connection: {
  execute(sql: string): Promise<unknown>;
}): Promise<void> {
  for (const index of SQLITE_NAME_INDEXES) await connection.execute(`delete from ${index}`);
}
