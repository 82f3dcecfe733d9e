import type { EntityManager } from '@mikro-orm/core';
import type { OfficerAppointment } from '../../db/entities/officer-appointment';
import { otherNameWords } from './officer-name-words';

/*
 * Keeping officer_name_words (officer-name-words.ts) in step with officer_appointments. Its rows are derived
 * from the stored surname_key and name_key alone, so the rows of an appointment being replaced are known from
 * the row read before the write, and are deleted by their whole key: no index by company is needed beside the
 * search's own. Inserts ignore a row already held, so a word row left behind by a delete made some other way
 * (it would only cost a lookup: the search joins back to officer_appointments) never blocks a later write.
 */

export type NameKeyed = Pick<
  OfficerAppointment,
  'companyNumber' | 'appointmentId' | 'surnameKey' | 'nameKey'
>;

/** One row of officer_name_words, in its key's column order. */
export type NameWordRow = [surnameKey: string, word: string, companyNumber: string, appointmentId: string];

export type ExecuteSql = (sql: string, params: (string | number)[]) => Promise<Record<string, unknown>[]>;

/** Rows per statement: 4 parameters a row, well under both databases' bound-parameter limits. */
const ROWS_PER_STATEMENT = 250;

export function nameWordRows(appointments: readonly NameKeyed[]): NameWordRow[] {
  return appointments.flatMap((row) =>
    otherNameWords(row.surnameKey, row.nameKey).map((word): NameWordRow => [
      row.surnameKey,
      word,
      row.companyNumber,
      row.appointmentId,
    ]),
  );
}

const tuple = '(?,?,?,?)';
const tuples = (n: number) => Array.from({ length: n }, () => tuple).join(',');

async function insertNameWordRows(
  execute: ExecuteSql,
  rows: readonly NameWordRow[],
  table = 'officer_name_words',
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    await execute(
      `insert into ${table} (surname_key, word, company_number, appointment_id) ` +
        `values ${tuples(chunk.length)} on conflict do nothing`,
      chunk.flat(),
    );
  }
}

async function deleteNameWordRows(execute: ExecuteSql, rows: readonly NameWordRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    await execute(
      'delete from officer_name_words where (surname_key, word, company_number, appointment_id) ' +
        `in (${tuples(chunk.length)})`,
      chunk.flat(),
    );
  }
}

/**
 * Called by every writer of officer_appointments, in its transaction: `removed` are the rows it deleted (as read
 * before), `added` the rows it inserted. Word rows both had stay untouched.
 */
export async function replaceOfficerNameWords(
  tx: EntityManager,
  removed: readonly NameKeyed[],
  added: readonly NameKeyed[],
): Promise<void> {
  const execute: ExecuteSql = async (sql, params) =>
    (await tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext())) as Record<
      string,
      unknown
    >[];
  const addedRows = nameWordRows(added);
  const kept = new Set(addedRows.map((row) => JSON.stringify(row)));
  await deleteNameWordRows(
    execute,
    nameWordRows(removed).filter((row) => !kept.has(JSON.stringify(row))),
  );
  await insertNameWordRows(execute, addedRows);
}

/** Appointments read per step of the backfill. */
const BACKFILL_BATCH = 5_000;

/**
 * Fills an empty officer_name_words from every stored appointment (migration 0019), a batch at a time in key
 * order so the store is never read whole into memory. The rows go to an unindexed staging table first and into
 * the index once, sorted: appended in key order rather than scattered over it, which on SQLite was the most of
 * the cost. Returns the appointments read.
 */
export async function backfillOfficerNameWords(execute: ExecuteSql): Promise<number> {
  await execute(
    'create temporary table officer_name_words_backfill (' +
      'surname_key varchar(100), word varchar(100), company_number varchar(8), appointment_id varchar(80))',
    [],
  );
  let after: [string, string] | undefined;
  let read = 0;
  for (;;) {
    const rows = await execute(
      'select company_number, appointment_id, surname_key, name_key from officer_appointments ' +
        (after ? 'where (company_number, appointment_id) > (?, ?) ' : '') +
        'order by company_number, appointment_id limit ?',
      [...(after ?? []), BACKFILL_BATCH],
    );
    if (rows.length === 0) break;
    read += rows.length;
    const appointments = rows.map((row): NameKeyed => ({
      companyNumber: String(row.company_number),
      appointmentId: String(row.appointment_id),
      surnameKey: String(row.surname_key),
      nameKey: String(row.name_key),
    }));
    await insertNameWordRows(execute, nameWordRows(appointments), 'officer_name_words_backfill');
    const last = appointments.at(-1)!;
    after = [last.companyNumber, last.appointmentId];
  }
  await execute(
    'insert into officer_name_words (surname_key, word, company_number, appointment_id) ' +
      'select surname_key, word, company_number, appointment_id from officer_name_words_backfill ' +
      'order by surname_key, word, company_number, appointment_id',
    [],
  );
  await execute('drop table officer_name_words_backfill', []);
  return read;
}
