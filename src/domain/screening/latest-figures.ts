import { addMonths, dayNumber, fromDayNumber, iso } from '../companies/register-dates';
import type { AccountsYearView } from '../financials/accounts-figures';
import { MEASURE_NAMES } from '../financials/accounts-measures';
import { defaultBasis } from '../financials/financial-history';
import { yearOnYearTrends } from '../financials/trends';
import { GROWTH_MEASURES, growthColumn, previousColumn, type LatestFiguresRow } from './latest-figures-row';

/*
 * Which year a company's latest figures are, and its growth (docs/screener.md, "The latest-figures row"):
 * - Years with figures only (filed, or a later document's comparative); a year known only from a paper filing
 *   has no figures to screen on, so it neither becomes the latest year nor breaks the pair growth compares.
 * - The basis is get_financial_history's default: group when the newest year held has group figures, else
 *   company. The latest year is the newest on that basis.
 * - Growth compares the latest year with the one before it on the same basis, when that year ended no more than
 *   MAX_YEAR_GAP_MONTHS earlier (a longer gap means a year is missing, and the change would span two or more).
 * - Per measure, growth is (latest − previous) / previous × 100, rounded to 2 places as get_financial_history's
 *   trends are, and null when either year does not state the figure or the previous figure is zero or negative:
 *   a percentage of a loss or of net liabilities has no meaning a screen can use (a loss of 100 becoming a profit
 *   of 50 is not "growth of 150 %"), so those companies are left out of a growth screen rather than misranked.
 */

/** Accounting periods may run up to 18 months (Companies Act 2006 s.391–392). */
export const MAX_YEAR_GAP_MONTHS = 18;

export function monthsBefore(isoDate: string, months: number): string {
  const day = dayNumber(+isoDate.slice(0, 4), +isoDate.slice(5, 7), +isoDate.slice(8, 10));
  return iso(...fromDayNumber(addMonths(day, -months)));
}

export type LatestFiguresYear = Pick<
  AccountsYearView,
  'period_end' | 'period_start' | 'basis' | 'origin' | 'profit_and_loss_filed' | 'figures' | 'document'
>;

/** The row for a company from every year held (any order, scanned years ignored); null when none has figures. */
export function latestFiguresOf(
  companyNumber: string,
  years: readonly LatestFiguresYear[],
): LatestFiguresRow | null {
  const withFigures = years.filter((year) => year.origin !== 'scanned');
  if (withFigures.length === 0) return null;
  const { basis } = defaultBasis(withFigures);
  const onBasis = withFigures
    .filter((year) => year.basis === basis)
    .sort((a, b) => (a.period_end < b.period_end ? 1 : a.period_end > b.period_end ? -1 : 0));
  const latest = onBasis[0]!;
  const candidate = onBasis[1];
  const previous =
    candidate && candidate.period_end >= monthsBefore(latest.period_end, MAX_YEAR_GAP_MONTHS)
      ? candidate
      : undefined;
  const trends = previous ? yearOnYearTrends([latest, previous]) : [];

  const row = {
    company_number: companyNumber,
    period_end: latest.period_end,
    period_start: latest.period_start,
    basis,
    origin: latest.origin === 'filed' ? 'filed' : 'comparative',
    profit_and_loss_filed: latest.profit_and_loss_filed === true,
    document: latest.document.name,
    document_period_end: latest.document.period_end,
    previous_period_end: previous?.period_end ?? null,
  } as LatestFiguresRow;
  for (const measure of MEASURE_NAMES) row[measure] = latest.figures[measure];
  for (const measure of GROWTH_MEASURES) {
    row[previousColumn(measure)] = previous ? previous.figures[measure] : null;
    const trend = trends.find((t) => t.measure === measure);
    row[growthColumn(measure)] = trend && trend.from_value > 0 ? trend.percent_change : null;
  }
  return row;
}
