import { daysBetween } from '../../health/health-days';
import { kybReason } from '../reason-builders';
import type { KybRule } from './kyb-rule';

/**
 * Overdue as the company profile computes it for the day of the check (due date passed, company not closed).
 * A due date the register does not give is not a missing datum: companies that owe nothing yet have none.
 */
export const filingsRule: KybRule = {
  check: 'filings',
  apply({ profile, asOfDay }) {
    const reasons = [];
    const filings = [
      { code: 'accounts_overdue', what: 'Accounts were', filing: profile.accounts },
      {
        code: 'confirmation_statement_overdue',
        what: 'A confirmation statement was',
        filing: profile.confirmation_statement,
      },
    ] as const;
    for (const { code, what, filing } of filings) {
      if (!filing.overdue || filing.next_due === null) continue;
      const days = daysBetween(filing.next_due, asOfDay);
      reasons.push(
        kybReason(code, `${what} due by ${filing.next_due}: ${days} days overdue on ${asOfDay}.`, {
          next_due: filing.next_due,
          days_overdue: days,
          as_of: asOfDay,
        }),
      );
    }
    const due = (date: string | null) => date ?? 'none given';
    return {
      reasons,
      detail:
        `Accounts next due ${due(profile.accounts.next_due)}, confirmation statement next due ` +
        `${due(profile.confirmation_statement.next_due)}, judged on ${asOfDay}.`,
    };
  },
};
