import { addDays } from '../companies/register-dates';
import { isFilingOverdue, type CompanyStatus } from '../companies/company-profile';
import { DAYS_IN_12_MONTHS, DAYS_IN_3_YEARS, inWindow, leavesWindowOn } from './day-windows';
import { accountsDeadline, confirmationStatementDeadline } from './filing-deadlines';
import { daysBetween } from './health-days';
import { evidence, type Evidence } from './health-evidence';
import type { FilingFact, HealthFacts } from './health-facts';
import { fired, notApplied, passed, type RuleEvaluator } from './rule-outcome';

/*
 * Filing discipline: filings overdue on the day (in bands of days overdue, the bands of the late filing
 * penalties), filings made late in the last three years, Gazette notices in the last twelve months and frequent
 * moves of the registered office. Lateness is judged against the statutory deadline (filing-deadlines.ts), the
 * filing's date being the day Companies House processed it.
 */

export interface OverdueBand {
  /** First day overdue of the band (1 = the day after the due date). */
  fromDay: number;
  points: number;
}

function filingEvidence(filings: readonly FilingFact[]): Evidence['filings'] {
  return filings.map((filing) => ({
    transaction_id: filing.transactionId,
    type: filing.type,
    date: filing.date,
    description: filing.description,
  }));
}

export function overdueRule(
  what: 'accounts' | 'confirmation statement',
  dueOf: (facts: HealthFacts) => { nextDue: string | null; lastMadeUpTo: string | null },
  bands: readonly OverdueBand[],
): RuleEvaluator {
  return (facts, asOf) => {
    const status = facts.profile.status;
    if (status === null) return notApplied('the company status on the day is not known');
    const { nextDue, lastMadeUpTo } = dueOf(facts);
    if (nextDue === null) return passed(`no ${what} due date on the register`);
    if (!isFilingOverdue(nextDue, status as CompanyStatus, asOf)) {
      if (nextDue < asOf) return passed(`a company with status ${status} owes no filings`);
      return passed(`${what} next due ${nextDue}`, [addDays(nextDue, bands[0]!.fromDay)]);
    }
    const days = daysBetween(nextDue, asOf);
    let index = 0;
    while (index + 1 < bands.length && bands[index + 1]!.fromDay <= days) index += 1;
    const band = bands[index]!;
    const next = bands[index + 1];
    const madeUp =
      what === 'accounts' ? 'last_accounts_made_up_to' : 'confirmation_statement_last_made_up_to';
    return fired({
      points: band.points,
      detail:
        `${what === 'accounts' ? 'Accounts' : 'Confirmation statement'} ${days} day${days === 1 ? '' : 's'} ` +
        `overdue: due by ${nextDue}` +
        (lastMadeUpTo ? `, last made up to ${lastMadeUpTo}.` : ', none filed yet.'),
      evidence: evidence({
        fields: [{ name: 'days_overdue', value: days }],
        dates: [
          { name: 'next_due', date: nextDue },
          ...(lastMadeUpTo ? [{ name: madeUp, date: lastMadeUpTo }] : []),
        ],
      }),
      changesOn: next ? [addDays(nextDue, next.fromDay)] : [],
    });
  };
}

function isOriginalAccounts(filing: FilingFact): boolean {
  return (
    filing.category === 'accounts' &&
    filing.madeUpDate !== null &&
    !filing.descriptionCode.startsWith('accounts-amended') &&
    filing.type !== 'AAMD'
  );
}

/** Filings of one kind made after their deadline, within the last three years; `points` each up to `max`. */
export function lateFilingsRule(
  what: 'accounts' | 'confirmation statements',
  pointsEach: number,
  maxPoints: number,
): RuleEvaluator {
  return (facts, asOf) => {
    if (!facts.imported.has('filing_history')) return notApplied('the filing history was never imported');
    const deadlineOf = (filing: FilingFact): string =>
      what === 'accounts'
        ? accountsDeadline(filing.madeUpDate!, facts.profile.type, facts.profile.dateOfCreation)
        : confirmationStatementDeadline(filing.madeUpDate!);
    const considered = facts.filings.filter(
      (filing) =>
        inWindow(filing.date, asOf, DAYS_IN_3_YEARS) &&
        (what === 'accounts'
          ? isOriginalAccounts(filing)
          : filing.category === 'confirmation-statement' && filing.madeUpDate !== null),
    );
    const late = considered
      .filter((filing) => filing.date > deadlineOf(filing))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const count = (n: number) =>
      what === 'accounts'
        ? `${n} accounts filing${n === 1 ? '' : 's'}`
        : `${n} confirmation statement${n === 1 ? '' : 's'}`;
    if (late.length === 0)
      return passed(
        considered.length === 0
          ? `no ${what} filed in the last 3 years`
          : `${count(considered.length)} in the last 3 years, all by the deadline`,
      );
    return fired({
      points: Math.min(maxPoints, pointsEach * late.length),
      detail:
        `${count(late.length)} made late in the last 3 years: ` +
        late
          .map(
            (filing) =>
              `made up to ${filing.madeUpDate}, due by ${deadlineOf(filing)}, filed ${filing.date} ` +
              `(${daysBetween(deadlineOf(filing), filing.date)} days late)`,
          )
          .join('; ') +
        '.',
      evidence: evidence({
        filings: filingEvidence(late),
        dates: late.map((filing) => ({ name: `deadline_${filing.transactionId}`, date: deadlineOf(filing) })),
      }),
      changesOn: late.map((filing) => leavesWindowOn(filing.date, DAYS_IN_3_YEARS)),
    });
  };
}

/** A filing in the gazette category that is not the discontinuation of a strike-off. */
function isGazetteNotice(filing: FilingFact): boolean {
  return (
    filing.category === 'gazette' &&
    !filing.descriptionCode.includes('brought-up-to-date') &&
    !filing.descriptionCode.includes('discontinued')
  );
}

export function gazetteNoticeRule(points: number): RuleEvaluator {
  return (facts, asOf) => {
    if (!facts.imported.has('filing_history')) return notApplied('the filing history was never imported');
    const notices = facts.filings.filter(
      (filing) => isGazetteNotice(filing) && inWindow(filing.date, asOf, DAYS_IN_12_MONTHS),
    );
    if (notices.length === 0) return passed('no Gazette notice filed in the last 12 months');
    return fired({
      points,
      detail: `Gazette notice in the last 12 months: ${notices
        .map((filing) => `${filing.description} (${filing.date})`)
        .join('; ')}.`,
      evidence: evidence({ filings: filingEvidence(notices) }),
      changesOn: notices.map((filing) => leavesWindowOn(filing.date, DAYS_IN_12_MONTHS)),
    });
  };
}

function isOfficeMove(filing: FilingFact): boolean {
  return filing.type === 'AD01' || filing.type === 'LLAD01';
}

export function officeMovesRule(minimumMoves: number, points: number): RuleEvaluator {
  return (facts, asOf) => {
    if (!facts.imported.has('filing_history')) return notApplied('the filing history was never imported');
    const moves = facts.filings.filter(
      (filing) => isOfficeMove(filing) && inWindow(filing.date, asOf, DAYS_IN_12_MONTHS),
    );
    if (moves.length < minimumMoves)
      return passed(
        `${moves.length} registered office change${moves.length === 1 ? '' : 's'} in the last 12 months`,
      );
    return fired({
      points,
      detail: `The registered office moved ${moves.length} times in the last 12 months (${moves
        .map((filing) => filing.date)
        .join(', ')}).`,
      evidence: evidence({ filings: filingEvidence(moves) }),
      changesOn: moves.map((filing) => leavesWindowOn(filing.date, DAYS_IN_12_MONTHS)),
    });
  };
}
