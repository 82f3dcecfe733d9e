import { Migration } from '@mikro-orm/migrations';
import { isPostgres } from './schema-builder';
import { STATUS_RANK_OF_COMPANY_STATUS } from './status-rank-0018';

/*
 * Search at the size of the real register (issue 15, docs/register.md "Search").
 * - company_name_terms: every word the full-text index holds, as it folds it (lower case), so a
 *   query's prefix word can be matched as the whole words it stands for (search/full-text-terms.ts). Filled here
 *   from the index's own vocabulary, then kept by the importer, which adds a name's words as it indexes them and
 *   never removes one: a word no name holds any more only widens an OR by a term that matches nothing.
 * - Filter-only searches are ordered live first, then by name: indexes that hold that order under a town (the
 *   status rank is an expression, written as the search writes it) and under a status, so a page is read in
 *   index order instead of sorting every company of a town or a status. The town's index replaces the plain one;
 *   it ends with the status so that counting a town's companies of one status reads the index alone (without it:
 *   8.6 s for LONDON's 180,000 active companies on 1M, each row read from the table; with it: tens of ms).
 * - A name search's head (tiers 0–3) is ordered by tier, status rank, length and name: the plain name index is
 *   replaced by one that also holds the status and the number, so the head's order and a count of it are read
 *   from the index alone, and only the page's rows from the table (a common word, ~10,000 names on 1M: each row
 *   read from the table to sort them, 0.3–1 s).
 * - Filters without a name whose set is large (a common SIC code: 26,000 companies on 1M) are read by walking
 *   the register live first then by name and keeping the rows that qualify, rather than sorting the whole set:
 *   an index in that order, status rank then name.
 */
export class Migration0018SearchAtRegisterSize extends Migration {
  override async up(): Promise<void> {
    const rank = STATUS_RANK_OF_COMPANY_STATUS;
    await this.execute('drop index companies_locality');
    await this.execute('drop index companies_normalised_name');
    await this.execute(
      'create index companies_name_status on companies (normalised_name, company_status, company_number)',
    );
    await this.execute(
      `create index companies_ranked_name on companies ((${rank}), normalised_name, company_number)`,
    );
    await this.execute(
      'create index companies_locality_ranked on companies ' +
        `(locality_key, (${rank}), normalised_name, company_number, company_status)`,
    );
    await this.execute(
      'create index companies_status_name on companies (company_status, normalised_name, company_number)',
    );
    if (isPostgres(this)) {
      // Byte order ("C"), as the prefix range that reads it assumes; lexemes as the 'simple' configuration
      // lower-cases them.
      await this.execute('create table company_name_terms (term text collate "C" primary key)');
      await this.execute(
        "insert into company_name_terms (term) select word from ts_stat('select name_search from companies')",
      );
      return;
    }
    await this.execute('create table company_name_terms (term text primary key) without rowid');
    await this.execute(
      "create virtual table temp.companies_fts_vocabulary using fts5vocab(main, 'companies_fts', 'row')",
    );
    await this.execute(
      'insert into company_name_terms (term) select term from temp.companies_fts_vocabulary',
    );
    await this.execute('drop table temp.companies_fts_vocabulary');
  }
}
