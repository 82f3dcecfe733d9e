import { Migration } from '@mikro-orm/migrations';
import { isPostgres } from './schema-builder';

/*
 * The full-text index's vocabulary as a table any connection can read, the read threads' read-only ones included:
 * each word of the index with how many names hold it. A name search reads the common ones from it to match its
 * rarer words first (search/common-words.ts). It holds no data of its own: FTS5 answers it from the index, so the
 * importer keeps nothing. SQLite only: PostgreSQL plans a search's reads from its own statistics.
 */
export class Migration0022FullTextVocabulary extends Migration {
  override async up(): Promise<void> {
    if (isPostgres(this)) return;
    await this.execute("create virtual table companies_fts_words using fts5vocab('companies_fts', 'row')");
  }
}
