import type { EntityManager } from '@mikro-orm/core';
import { STATUSES_OWING_NO_FILINGS } from '../companies/company-profile';
import type { ChangeDraft } from './company-changes';

/*
 * Time-based changes: a filing falls overdue the day after its due date (isFilingOverdue), with nothing on the
 * register changing. The change check turns the due dates that passed since its last run into changes, reading
 * only the companies whose due date lies in that window (indexed), never the whole register.
 */

const DUE_DATES = [
  { column: 'next_accounts_due', field: 'accounts_due', alertType: 'accounts_overdue' },
  {
    column: 'confirmation_statement_next_due',
    field: 'confirmation_statement_due',
    alertType: 'confirmation_statement_overdue',
  },
] as const;

/**
 * Filings that fell overdue after the day `checkedThrough` and by `today` (both YYYY-MM-DD). A due date d is
 * overdue from the day after it, so on `checkedThrough` every d < checkedThrough was already overdue, and by
 * `today` every d < today is: the new ones are checkedThrough ≤ d < today.
 */
export async function overdueChanges(
  em: EntityManager,
  checkedThrough: string,
  today: string,
): Promise<ChangeDraft[]> {
  if (checkedThrough >= today) return [];
  const closed = STATUSES_OWING_NO_FILINGS.map(() => '?').join(', ');
  const drafts: ChangeDraft[] = [];
  for (const due of DUE_DATES) {
    const rows: { company_number: string; due: string }[] = await em
      .getConnection()
      .execute(
        `select company_number, ${due.column} as due from companies ` +
          `where ${due.column} >= ? and ${due.column} < ? and company_status not in (${closed}) ` +
          'order by company_number',
        [checkedThrough, today, ...STATUSES_OWING_NO_FILINGS],
        'all',
        em.getTransactionContext(),
      );
    for (const row of rows) {
      drafts.push({
        companyNumber: row.company_number,
        change: 'updated',
        field: due.field,
        alertType: due.alertType,
        oldValue: { next_due: row.due, overdue: false },
        newValue: { next_due: row.due, overdue: true },
      });
    }
  }
  return drafts;
}
