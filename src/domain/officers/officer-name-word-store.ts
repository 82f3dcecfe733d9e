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

async function insertNameWordRows(execute: ExecuteSql, rows: readonly NameWordRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    await execute(
      'insert into officer_name_words (surname_key, word, company_number, appointment_id) ' +
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
