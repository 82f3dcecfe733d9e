import type { FinancialHistory } from '../../domain/financials/financial-history';

/*
 * What the company page hands to company-charts.js: for each charted figure, its value by year end, oldest first,
 * and whether the year's figures were filed for that year or restated as comparatives in a later filing. The same
 * points fill the table under each chart, so the chart and its text alternative cannot disagree.
 */

export const CHARTED_MEASURES = [
  { measure: 'turnover', label: 'Turnover' },
  { measure: 'profit_loss', label: 'Profit or loss' },
  { measure: 'net_assets', label: 'Net assets' },
  { measure: 'cash', label: 'Cash' },
] as const;

export type ChartedMeasure = (typeof CHARTED_MEASURES)[number]['measure'];

export interface ChartPoint {
  period_end: string;
  value: number | null;
  origin: 'filed' | 'comparative';
  /** The accounts document the figure was read from, and the year end that document reports. */
  document: string;
  document_period_end: string | null;
}

export interface FinancialChart {
  measure: ChartedMeasure;
  label: string;
  points: ChartPoint[];
}

/** One chart per charted figure that at least one year states; years oldest first, unstated years kept as null. */
export function financialCharts(history: FinancialHistory): FinancialChart[] {
  const oldestFirst = [...history.years].reverse();
  return CHARTED_MEASURES.map(({ measure, label }) => ({
    measure,
    label,
    points: oldestFirst.map((year) => ({
      period_end: year.period_end,
      value: year.figures[measure],
      origin: year.origin,
      document: year.document.name,
      document_period_end: year.document.period_end,
    })),
  })).filter((chart) => chart.points.some((point) => point.value !== null));
}

/**
 * JSON for a `<script type="application/json">` element, whose text the HTML parser does not unescape: `<` is
 * written as \u003c so no `</script>` or `<!--` in a company's data can end the element early, and U+2028/2029 are
 * escaped for older JSON readers. JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
