import { Migration } from '@mikro-orm/migrations';
import { isPostgres } from './schema-builder';

/*
 * officer_name_words (issue 15): each appointment under every word of its name_key other than its surname key's
 * words, so a search by name narrows by a forename as well as the surname (the officer search's design note says
 * why the matches stay the same). The key is the whole row and the search's way in: (surname_key, word) first. On
 * SQLite the table is WITHOUT ROWID, one b-tree instead of a table plus its key's index. No foreign key: a cascade
 * would need a second index by appointment; the writers delete an appointment's rows by their whole key instead.
 * Rows are derived from officer_appointments, so a store that already holds appointments is backfilled here, in
 * the same transaction, by the word rule below: a frozen copy of the rule as this migration was written, so the
 * backfill does today what it did then, whatever the live writers do later.
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
    await backfill(async (sql, params) => (await this.execute(sql, params)) as Record<string, unknown>[]);
  }
}

type ExecuteSql = (sql: string, params: (string | number)[]) => Promise<Record<string, unknown>[]>;
type NameWordRow = [surnameKey: string, word: string, companyNumber: string, appointmentId: string];

/** The word column's width; a longer word is indexed by its first code points. */
const NAME_WORD_KEY_MAX = 100;
/** Rows per statement: 4 parameters a row, well under both databases' bound-parameter limits. */
const ROWS_PER_STATEMENT = 250;
/** Appointments read per step of the backfill. */
const BACKFILL_BATCH = 5_000;

const wordsOf = (key: string): string[] => key.split(' ').filter((word) => word !== '');
const wordKey = (word: string): string =>
  word.length <= NAME_WORD_KEY_MAX ? word : [...word].slice(0, NAME_WORD_KEY_MAX).join('');

/** The words an appointment is indexed under beside its surname key: name_key's words not in surname_key. */
function otherNameWords(surnameKey: string, nameKey: string): string[] {
  const surname = new Set(wordsOf(surnameKey));
  return [
    ...new Set(
      wordsOf(nameKey)
        .filter((word) => !surname.has(word))
        .map(wordKey),
    ),
  ];
}

const tuples = (n: number) => Array.from({ length: n }, () => '(?,?,?,?)').join(',');

/**
 * Every stored appointment, a batch at a time in key order so the store is never read whole into memory. The rows
 * go to an unindexed staging table first and into the index once, sorted: appended in key order rather than
 * scattered over it, which on SQLite was most of the cost.
 */
async function backfill(execute: ExecuteSql): Promise<void> {
  await execute(
    'create temporary table officer_name_words_backfill (' +
      'surname_key varchar(100), word varchar(100), company_number varchar(8), appointment_id varchar(80))',
    [],
  );
  let after: [string, string] | undefined;
  for (;;) {
    const appointments = await execute(
      'select company_number, appointment_id, surname_key, name_key from officer_appointments ' +
        (after ? 'where (company_number, appointment_id) > (?, ?) ' : '') +
        'order by company_number, appointment_id limit ?',
      [...(after ?? []), BACKFILL_BATCH],
    );
    if (appointments.length === 0) break;
    const rows = appointments.flatMap((row) =>
      otherNameWords(String(row.surname_key), String(row.name_key)).map((word): NameWordRow => [
        String(row.surname_key),
        word,
        String(row.company_number),
        String(row.appointment_id),
      ]),
    );
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
      await execute(
        'insert into officer_name_words_backfill (surname_key, word, company_number, appointment_id) ' +
          `values ${tuples(chunk.length)} on conflict do nothing`,
        chunk.flat(),
      );
    }
    const last = appointments.at(-1)!;
    after = [String(last.company_number), String(last.appointment_id)];
  }
  await execute(
    'insert into officer_name_words (surname_key, word, company_number, appointment_id) ' +
      'select surname_key, word, company_number, appointment_id from officer_name_words_backfill ' +
      'order by surname_key, word, company_number, appointment_id',
    [],
  );
  await execute('drop table officer_name_words_backfill', []);
}
