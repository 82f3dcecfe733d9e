import { isoDay, STATUSES_OWING_NO_FILINGS } from '../companies/company-profile';

/*
 * "Overdue" in SQL, for counting and filtering many companies at once, with the same meaning as
 * computeOverdue in companies/company-profile.ts: a due date before the day asked about, on a company that still
 * exists (the statuses owing no filings are the set isFilingOverdue itself uses).
 */

/** A condition on the companies table aliased `c`, true when either filing is overdue on `asOf`'s UTC day. */
export function overdueSql(asOf: Date): { text: string; params: string[] } {
  const accounts = filingOverdueSql('next_accounts_due', asOf);
  const statement = filingOverdueSql('confirmation_statement_next_due', asOf);
  return {
    // `is not null` keeps the expression two-valued, so `not (…)` selects the companies with nothing overdue.
    text: `((${accounts.due}) or (${statement.due})) and ${accounts.live}`,
    params: [...accounts.params, ...statement.params],
  };
}

/** One filing's overdue condition on `c`, as its due-date part and its still-exists part; `text` is both. */
export function filingOverdueSql(
  column: 'next_accounts_due' | 'confirmation_statement_next_due',
  asOf: Date,
): { text: string; due: string; live: string; params: string[] } {
  const closed = STATUSES_OWING_NO_FILINGS.map((status) => `'${status}'`).join(', ');
  const due = `c.${column} is not null and c.${column} < ?`;
  const live = `c.company_status not in (${closed})`;
  return { text: `(${due} and ${live})`, due, live, params: [isoDay(asOf)] };
}
