import { Migration } from '@mikro-orm/migrations';
import { isPostgres } from './schema-builder';

/*
 * Migration 0023's pair index on PostgreSQL (search/name-pairs.ts): every two words of a name as one lexeme, so a
 * name search of several words reads the short list of names holding a pair instead of intersecting each word's
 * long one in the GIN index of name_search (on 1M generated companies, the match of 264 sampled names 1.7–1.8 →
 * 0.22–0.28 ms). A generated column, as name_search is: the database keeps it with the name, and no writer changes.
 * Its words are name_search's (the 'simple' lexemes, legal forms left out, as migration 0003 writes them; a
 * generated column cannot read another), each pair once, ordered byte-wise, joined by '_' and made lexemes as they
 * are (array_to_tsvector parses nothing). Adding the column rewrites the table: on an existing register this
 * migration takes as long as a copy of it.
 */
export class Migration0024CompanyNamePairsPostgres extends Migration {
  override async up(): Promise<void> {
    if (!isPostgres(this)) return;
    await this.execute(
      'create function company_name_pairs(words tsvector) returns tsvector language sql immutable parallel safe ' +
        "as $$ select array_to_tsvector(coalesce(array_agg(a.w || '_' || b.w), '{}')) " +
        'from unnest(tsvector_to_array(words)) a(w), unnest(tsvector_to_array(words)) b(w) ' +
        'where a.w collate "C" < b.w collate "C" $$',
    );
    await this.execute(
      'alter table companies add column name_pairs tsvector generated always as (company_name_pairs(' +
        "ts_delete(to_tsvector('simple', normalised_name), array['limited','unlimited','plc','llp','lp','cic'])" +
        ')) stored',
    );
    await this.execute('create index companies_name_pairs on companies using gin (name_pairs)');
  }
}
