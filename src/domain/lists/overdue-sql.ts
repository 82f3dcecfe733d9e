import { isoDay, STATUSES_OWING_NO_FILINGS } from '../companies/company-profile';

/*
 * "Overdue" in SQL, for counting and filtering many companies at once, with the same meaning as
 * computeOverdue in companies/company-profile.ts: a due date before the day asked about, on a company that still
 * exists (the statuses owing no filings are the set isFilingOverdue itself uses).
 */

/** A condition on the companies table aliased `c`, true when either filing is overdue on `asOf`'s UTC day. */
export function overdueSql(asOf: Date): { text: string; params: string[] } {
  const day = isoDay(asOf);
  const closed = STATUSES_OWING_NO_FILINGS.map((status) => `'${status}'`).join(', ');
  return {
    // `is not null` keeps the expression two-valued, so `not (…)` selects the companies with nothing overdue.
    text:
      '((c.next_accounts_due is not null and c.next_accounts_due < ?) or ' +
      '(c.confirmation_statement_next_due is not null and c.confirmation_statement_next_due < ?)) ' +
      `and c.company_status not in (${closed})`,
    params: [day, day],
  };
}
