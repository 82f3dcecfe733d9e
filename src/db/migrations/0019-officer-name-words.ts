import { Migration } from '@mikro-orm/migrations';
import { backfillOfficerNameWords, type ExecuteSql } from '../../domain/officers/officer-name-word-store';
import { isPostgres } from './schema-builder';

/*
 * officer_name_words (issue 15): each appointment under every word of its name_key other than its surname key's
 * words, so a search by name narrows by a forename as well as the surname (domain/officers/officer-name-words.ts
 * says why the matches stay the same). The key is the whole row and the search's way in: (surname_key, word)
 * first. On SQLite the table is WITHOUT ROWID, one b-tree instead of a table plus its key's index. No foreign
 * key: a cascade would need a second index by appointment; the writers delete an appointment's rows by their
 * whole key instead (officer-name-word-store.ts). Rows are derived from officer_appointments, so a store that
 * already holds appointments is backfilled here, in the same transaction.
 */
export class Migration0019OfficerNameWords extends Migration {
  override async up(): Promise<void> {
    await this.execute(
      'create table officer_name_words (' +
        'surname_key varchar(100) not null, word varchar(100) not null, ' +
        'company_number varchar(8) not null, appointment_id varchar(80) not null, ' +
        'primary key (surname_key, word, company_number, appointment_id))' +
        (isPostgres(this) ? '' : ' without rowid'),
    );
    const execute: ExecuteSql = async (sql, params) =>
      (await this.execute(sql, params)) as Record<string, unknown>[];
    await backfillOfficerNameWords(execute);
  }
}
