import { MEASURE_NAMES, type MeasureName } from '../financials/accounts-measures';
import { GROWTH_MEASURES, growthColumn } from './latest-figures-row';

/*
 * The screener's figure and growth filters: the argument stem a caller types (turnover → turnover_min and
 * turnover_max, also a sort key) and the company_latest_figures column it ranges over. Stems are the measure
 * names of get_financial_history, except "profit" for profit_loss (as the issue and most screeners say it).
 */

export interface FigureFilter {
  stem: string;
  column: string;
  measure: MeasureName;
  growth: boolean;
}

const stemOf = (measure: MeasureName) => (measure === 'profit_loss' ? 'profit' : measure);

export const FIGURE_FILTERS: readonly FigureFilter[] = MEASURE_NAMES.map((measure) => ({
  stem: stemOf(measure),
  column: measure,
  measure,
  growth: false,
}));

export const GROWTH_FILTERS: readonly FigureFilter[] = GROWTH_MEASURES.map((measure) => ({
  stem: `${stemOf(measure)}_growth`,
  column: growthColumn(measure),
  measure,
  growth: true,
}));

export const RANGE_FILTERS: readonly FigureFilter[] = [...FIGURE_FILTERS, ...GROWTH_FILTERS];

/** Sort keys: any figure or growth stem, the stored health score, incorporation date, company number. */
export const screenSorts: [string, ...string[]] = [
  'company_number',
  'incorporated',
  'health_score',
  ...RANGE_FILTERS.map((filter) => filter.stem),
];
