import { z } from 'zod';
import { MEASURE_NAMES, measureNameSchema } from './accounts-measures';
import type { Figures } from './accounts-figures';

/*
 * Year-on-year movement of each measure between consecutive years held (adjacent in the history), only where
 * both years state the measure: a missing figure is never read as zero.
 */

export const trendSchema = z.object({
  measure: measureNameSchema,
  from_period_end: z.iso.date(),
  to_period_end: z.iso.date(),
  from_value: z.number(),
  to_value: z.number(),
  change: z.number().describe('to_value - from_value'),
  percent_change: z
    .number()
    .nullable()
    .describe('change / |from_value| × 100, rounded to 2 decimal places; null when from_value is 0'),
});
export type Trend = z.infer<typeof trendSchema>;

export interface TrendYear {
  period_end: string;
  figures: Figures;
}

/** Trends for years given newest first; listed newest pair first, measures in their usual order. */
export function yearOnYearTrends(years: readonly TrendYear[]): Trend[] {
  const trends: Trend[] = [];
  for (let index = 0; index + 1 < years.length; index++) {
    const later = years[index]!;
    const earlier = years[index + 1]!;
    for (const measure of MEASURE_NAMES) {
      const from = earlier.figures[measure];
      const to = later.figures[measure];
      if (from === null || to === null) continue;
      const change = to - from;
      trends.push({
        measure,
        from_period_end: earlier.period_end,
        to_period_end: later.period_end,
        from_value: from,
        to_value: to,
        change,
        percent_change: from === 0 ? null : Math.round((change / Math.abs(from)) * 10_000) / 100,
      });
    }
  }
  return trends;
}
