import type { ListedBirthDate } from './listed-party';
import type { MatchWeights } from './match-settings';
import type { SubjectBirth } from './screened-subject';

/*
 * Dates of birth compared at the precision both sides have. Companies House gives a month and a year; the list
 * may give a whole date, a year alone, or nothing, and sometimes several dates for one person. The same month and
 * year supports a match; the same year alone supports it less; the same year but another month, or a year one
 * off (a common slip, or a list's "circa"), weighs a little against it; another year weighs against it; unknown
 * on either side changes nothing. Of several listed dates the one that agrees best is used: the reviewer sees it.
 */

export const birthDateRules = [
  'dob_same_month_and_year',
  'dob_same_year',
  'dob_same_year_other_month',
  'dob_year_off_by_one',
  'dob_year_differs',
  'dob_unknown',
] as const;
export type BirthDateRule = (typeof birthDateRules)[number];

export interface BirthDateComparison {
  rule: BirthDateRule;
  adjustment: number;
  /** The listed date the rule was decided on, when there was one. */
  listed: ListedBirthDate | null;
}

export function compareBirthDates(
  subject: SubjectBirth | null,
  listed: readonly ListedBirthDate[],
  weights: MatchWeights['dateOfBirth'],
): BirthDateComparison {
  const unknown: BirthDateComparison = { rule: 'dob_unknown', adjustment: 0, listed: null };
  if (!subject) return unknown;
  let best: BirthDateComparison | undefined;
  for (const date of listed) {
    if (date.year === null) continue;
    const comparison = compareOne(subject, date, weights);
    if (!best || comparison.adjustment > best.adjustment) best = comparison;
  }
  return best ?? unknown;
}

function compareOne(
  subject: SubjectBirth,
  listed: ListedBirthDate,
  weights: MatchWeights['dateOfBirth'],
): BirthDateComparison {
  const years = Math.abs(subject.year - listed.year!);
  if (years === 1) return { rule: 'dob_year_off_by_one', adjustment: weights.yearOffByOne, listed };
  if (years > 1) return { rule: 'dob_year_differs', adjustment: weights.yearDiffers, listed };
  if (subject.month === null || listed.month === null)
    return { rule: 'dob_same_year', adjustment: weights.sameYear, listed };
  return subject.month === listed.month
    ? { rule: 'dob_same_month_and_year', adjustment: weights.sameMonthAndYear, listed }
    : { rule: 'dob_same_year_other_month', adjustment: weights.sameYearOtherMonth, listed };
}
