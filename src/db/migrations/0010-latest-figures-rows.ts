/*
 * Migration 0010's backfill rule: which year is a company's latest and its growth, frozen as the screener's rules
 * stood when the migration was written (docs/screener.md, "The latest-figures row", tells the rule itself). A
 * migration runs on a store whenever that store reaches it, so it must not follow later changes to the live rules:
 * rows the importer writes afterwards follow those, and a change to the rules that should reach rows already
 * written brings its own migration.
 */

export const MEASURE_NAMES = [
  'turnover',
  'gross_profit',
  'operating_profit',
  'profit_loss',
  'net_assets',
  'total_assets_less_current_liabilities',
  'current_assets',
  'cash',
  'creditors_within_one_year',
  'employees',
] as const;
type MeasureName = (typeof MEASURE_NAMES)[number];

/** The measures whose year-on-year growth is kept. */
export const GROWTH_MEASURES = ['turnover', 'profit_loss', 'net_assets', 'cash', 'employees'] as const;
type GrowthMeasure = (typeof GROWTH_MEASURES)[number];

export const previousColumn = (measure: GrowthMeasure) => `previous_${measure}`;
export const growthColumn = (measure: GrowthMeasure) => `${measure}_growth`;

/** The table's columns in order, as the backfill inserts them. */
export const LATEST_FIGURES_COLUMNS = [
  'company_number',
  'period_end',
  'period_start',
  'basis',
  'origin',
  'profit_and_loss_filed',
  'document',
  'document_period_end',
  ...MEASURE_NAMES,
  'previous_period_end',
  ...GROWTH_MEASURES.map(previousColumn),
  ...GROWTH_MEASURES.map(growthColumn),
];

export type LatestFiguresRow = Record<string, string | number | boolean | null>;

interface StoredYear {
  periodEnd: string;
  periodStart: string | null;
  basis: 'company' | 'group';
  filed: boolean;
  profitAndLossFiled: boolean;
  document: string;
  documentPeriodEnd: string | null;
  figures: Record<MeasureName, number | null>;
}

/** An accounts_years row as the migration reads it (select *). */
export function storedYear(raw: Record<string, unknown>): StoredYear {
  const basis = String(raw.basis);
  if (basis !== 'company' && basis !== 'group') throw new Error(`accounts_years basis ${basis} is not known`);
  const measures = JSON.parse(String(raw.measures)) as Record<string, { value?: unknown } | undefined>;
  const figures = {} as Record<MeasureName, number | null>;
  for (const name of MEASURE_NAMES) {
    const value = measures[name]?.value;
    if (value !== null && typeof value !== 'number')
      throw new Error(`accounts_years measure ${name} unreadable`);
    figures[name] = value;
  }
  return {
    periodEnd: String(raw.period_end),
    periodStart: raw.period_start === null ? null : String(raw.period_start),
    basis,
    filed: raw.origin === 'filed',
    profitAndLossFiled: Boolean(raw.profit_and_loss_filed),
    document: String(raw.document),
    documentPeriodEnd: raw.document_period_end === null ? null : String(raw.document_period_end),
    figures,
  };
}

/** Accounting periods may run up to 18 months (Companies Act 2006 s.391–392). */
const MAX_YEAR_GAP_MONTHS = 18;

/** The row for a company from every year held (any order); null when none is held. */
export function latestFiguresOf(
  companyNumber: string,
  years: readonly StoredYear[],
): LatestFiguresRow | null {
  if (years.length === 0) return null;
  const newest = years.reduce(
    (max, year) => (year.periodEnd > max ? year.periodEnd : max),
    years[0]!.periodEnd,
  );
  // Group where the newest year held has group figures, else company.
  const basis = years.some((year) => year.periodEnd === newest && year.basis === 'group')
    ? 'group'
    : 'company';
  const onBasis = years
    .filter((year) => year.basis === basis)
    .sort((a, b) => (a.periodEnd < b.periodEnd ? 1 : a.periodEnd > b.periodEnd ? -1 : 0));
  const latest = onBasis[0]!;
  const candidate = onBasis[1];
  const previous =
    candidate && candidate.periodEnd >= monthsBefore(latest.periodEnd, MAX_YEAR_GAP_MONTHS)
      ? candidate
      : undefined;

  const row: LatestFiguresRow = {
    company_number: companyNumber,
    period_end: latest.periodEnd,
    period_start: latest.periodStart,
    basis,
    origin: latest.filed ? 'filed' : 'comparative',
    profit_and_loss_filed: latest.profitAndLossFiled,
    document: latest.document,
    document_period_end: latest.documentPeriodEnd,
    previous_period_end: previous?.periodEnd ?? null,
  };
  for (const measure of MEASURE_NAMES) row[measure] = latest.figures[measure];
  for (const measure of GROWTH_MEASURES) {
    const from = previous ? previous.figures[measure] : null;
    const to = latest.figures[measure];
    row[previousColumn(measure)] = from;
    // Percent to 2 places, only from a positive figure: growth from a loss or from net liabilities means nothing.
    row[growthColumn(measure)] =
      from !== null && to !== null && from > 0
        ? Math.round(((to - from) / Math.abs(from)) * 10_000) / 100
        : null;
  }
  return row;
}

/** The ISO day `months` calendar months before `isoDate`, a month end staying a month end. */
function monthsBefore(isoDate: string, months: number): string {
  const [y, m, d] = fromDayNumber(
    dayNumber(+isoDate.slice(0, 4), +isoDate.slice(5, 7), +isoDate.slice(8, 10)),
  );
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = daysInMonth(year, month);
  const day = d === daysInMonth(y, m) ? last : Math.min(d, last);
  return `${year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days since 1970-01-01 (Howard Hinnant's days_from_civil). */
function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Howard Hinnant's civil_from_days. */
function fromDayNumber(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}
