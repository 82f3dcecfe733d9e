import { nextOccurrence } from '../companies/register-dates';
import { addDays } from '../companies/register-dates';
import { dayOf, isoOf, plusMonths } from './health-days';

/*
 * Statutory filing deadlines, for telling a late filing from one on time and for working out what was due on a
 * past day. Companies Act 2006 s.442: accounts within 9 months of the end of the accounting reference period
 * (6 for a public company); first accounts covering more than 12 months, within 21 months of incorporation (18
 * public) or 3 months after the period ends, whichever is later. s.853A: a confirmation statement within 14
 * days of the end of its review period (12 months after the last one, or after incorporation).
 */

const PUBLIC_TYPES: ReadonlySet<string> = new Set(['plc', 'old-public-company']);

export function isPublicCompany(type: string): boolean {
  return PUBLIC_TYPES.has(type);
}

/**
 * Accounts made up to a date no later than 18 months after incorporation are taken for the first accounts (no
 * accounting reference period may be longer than 18 months, s.392(5)).
 */
export function isFirstAccountsPeriod(periodEnd: string, dateOfCreation: string | null): boolean {
  return dateOfCreation !== null && periodEnd <= plusMonths(dateOfCreation, 18);
}

/** Last day to deliver accounts made up to `periodEnd` (s.442). */
export function accountsDeadline(periodEnd: string, type: string, dateOfCreation: string | null): string {
  const months = isPublicCompany(type) ? 6 : 9;
  if (
    dateOfCreation !== null &&
    isFirstAccountsPeriod(periodEnd, dateOfCreation) &&
    periodEnd > plusMonths(dateOfCreation, 12)
  ) {
    const fromIncorporation = plusMonths(dateOfCreation, isPublicCompany(type) ? 18 : 21);
    const fromPeriodEnd = plusMonths(periodEnd, 3);
    return fromIncorporation > fromPeriodEnd ? fromIncorporation : fromPeriodEnd;
  }
  return plusMonths(periodEnd, months);
}

/**
 * The accounts next due after accounts made up to `lastMadeUpTo` (null: none filed yet): the next accounting
 * reference date after it (or 12 months on without one), then its deadline; first accounts by the
 * incorporation rule.
 */
export function nextAccountsDueAfter(
  lastMadeUpTo: string | null,
  profile: {
    type: string;
    dateOfCreation: string | null;
    accountingReferenceDay: number | null;
    accountingReferenceMonth: number | null;
  },
): string | null {
  if (lastMadeUpTo === null) {
    if (profile.dateOfCreation === null) return null;
    return plusMonths(profile.dateOfCreation, isPublicCompany(profile.type) ? 18 : 21);
  }
  const { accountingReferenceDay: day, accountingReferenceMonth: month } = profile;
  const nextPeriodEnd =
    day !== null && month !== null
      ? isoOf(nextOccurrence(dayOf(lastMadeUpTo), day, month))
      : plusMonths(lastMadeUpTo, 12);
  return accountsDeadline(nextPeriodEnd, profile.type, profile.dateOfCreation);
}

/** Last day to deliver a confirmation statement made up to `madeUpTo` (s.853A: 14 days). */
export function confirmationStatementDeadline(madeUpTo: string): string {
  return addDays(madeUpTo, 14);
}

/** The statement next due after one made up to `lastMadeUpTo` (null: none yet, so from incorporation). */
export function nextConfirmationStatementDueAfter(
  lastMadeUpTo: string | null,
  dateOfCreation: string | null,
): string | null {
  const from = lastMadeUpTo ?? dateOfCreation;
  return from === null ? null : confirmationStatementDeadline(plusMonths(from, 12));
}
