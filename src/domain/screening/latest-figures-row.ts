import { z } from 'zod';
import { accountsBasisSchema } from '../financials/accounts-figures';
import { MEASURE_NAMES, type MeasureName } from '../financials/accounts-measures';

/*
 * The screener's row per company: its latest accounts figures and their growth, flattened into columns an index
 * can range over (table company_latest_figures). Derived data: rebuilt from accounts_years whenever the accounts
 * importer writes a company's years, so it never says anything accounts_years does not. Columns are named as the
 * row's fields; money is whole pounds as filed (employees a head count), stored as double precision, which is
 * exact to 2^53 and comes back as a JS number from both SQLite and PostgreSQL (bigint comes back as text from pg).
 */

/** The measures whose year-on-year growth is kept: the ones a screen by growth asks about. */
export const GROWTH_MEASURES = ['turnover', 'profit_loss', 'net_assets', 'cash', 'employees'] as const;
export type GrowthMeasure = (typeof GROWTH_MEASURES)[number];

export const previousColumn = (measure: GrowthMeasure) => `previous_${measure}` as const;
export const growthColumn = (measure: GrowthMeasure) => `${measure}_growth` as const;

const amount = z.number().nullable();
const isoDate = z.iso.date();

export const latestFiguresRowSchema = z.object({
  company_number: z.string(),
  /** The latest year held with figures on `basis`. */
  period_end: isoDate,
  period_start: isoDate.nullable(),
  basis: accountsBasisSchema,
  origin: z.enum(['filed', 'comparative']),
  profit_and_loss_filed: z.boolean(),
  /** The document the latest year's figures came from, and that document's own year end. */
  document: z.string(),
  document_period_end: isoDate.nullable(),
  ...(Object.fromEntries(MEASURE_NAMES.map((name) => [name, amount])) as Record<MeasureName, typeof amount>),
  /** The year growth is measured from: the year before period_end on the same basis; null when none qualifies. */
  previous_period_end: isoDate.nullable(),
  ...(Object.fromEntries(GROWTH_MEASURES.map((name) => [previousColumn(name), amount])) as Record<
    `previous_${GrowthMeasure}`,
    typeof amount
  >),
  /** Percent, 2 decimal places; the rule is growthOf in latest-figures.ts. */
  ...(Object.fromEntries(GROWTH_MEASURES.map((name) => [growthColumn(name), amount])) as Record<
    `${GrowthMeasure}_growth`,
    typeof amount
  >),
});
export type LatestFiguresRow = z.infer<typeof latestFiguresRowSchema>;

/** Every column, in table order (migration 0010 made the table with a frozen copy of this list). */
export const LATEST_FIGURES_COLUMNS = Object.keys(latestFiguresRowSchema.shape) as (keyof LatestFiguresRow)[];
