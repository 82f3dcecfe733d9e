import { Migration } from '@mikro-orm/migrations';
import { isPostgres } from './schema-builder';

/*
 * The pair index of a name search of several words (search/name-pairs.ts): each name's every two words as one
 * term, keyed like companies_fts by the company number's key, so that a search reads the few names holding two of
 * its words instead of intersecting each word's long list. SQLite's; PostgreSQL's is a generated column
 * (migration 0024).
 *
 * Contentless (the terms are never read back, only matched), and so with contentless_delete for the importer's
 * renames; detail=none as the word index. The tokenizer keeps name-pairs.ts's PAIR_JOIN ('_') inside a term.
 * Filled from the word index's names, which are the name's words in upper case (fullTextWords): each pair once
 * ordered, as namePairs writes them (a word twice in a name gives its pairs twice, which matching cannot tell).
 * On 1M generated companies: 8.3 s, and 19 MB against the word index's 8.6 MB.
 */
export class Migration0023CompanyNamePairs extends Migration {
  override async up(): Promise<void> {
    if (isPostgres(this)) return;
    await this.execute(
      'create virtual table company_name_pairs using fts5(pairs, ' +
        `tokenize = "unicode61 tokenchars '_'", content = '', contentless_delete = 1, detail = none)`,
    );
    const words = `json_each('["' || replace(f.name, ' ', '","') || '"]')`;
    await this.execute(
      'insert into company_name_pairs (rowid, pairs) select f.rowid, ' +
        `(select group_concat(a.value || '_' || b.value, ' ') from ${words} a, ${words} b where a.value < b.value) ` +
        "from companies_fts f where instr(f.name, ' ') > 0",
    );
    await this.execute("insert into company_name_pairs (company_name_pairs) values ('optimize')");
  }
}
