import { z } from 'zod';
import { measureNameSchema, type MeasureName } from './accounts-measures';
import { severities } from '../webhooks/events';
import type { Figures } from './accounts-figures';
import { formatPounds } from './financials-wording';
import type { YearRatios } from './ratios';
import type { Trend } from './trends';

/*
 * Warning signs read from the history. Each looks at the newest year held (the company as it stands now, not a
 * bad patch it has left behind) and names the years and figures it rests on. Severities: net liabilities and a
 * current ratio below one are warnings; losses two years running a warning, three or more critical; falling
 * cash or turnover is information (a fall alone can be a choice, e.g. paying a dividend or shedding a contract).
 */

export const financialSignalCodes = [
  'net_liabilities',
  'loss_making_years_in_a_row',
  'falling_cash',
  'current_ratio_below_one',
  'falling_turnover',
] as const;

export const signalFigureSchema = z.object({
  period_end: z.iso.date(),
  measure: measureNameSchema,
  value: z.number(),
});

export const financialSignalSchema = z.object({
  code: z.enum(financialSignalCodes),
  severity: z.enum(severities),
  message: z.string(),
  period_ends: z.array(z.iso.date()).describe('The years the signal rests on, newest first'),
  figures: z.array(signalFigureSchema).describe('The filed figures the signal rests on'),
});
export type FinancialSignal = z.infer<typeof financialSignalSchema>;

export interface SignalYear {
  period_end: string;
  profit_and_loss_filed: boolean | null;
  figures: Figures;
  ratios: YearRatios;
}

/** Years newest first, with the trends between them. */
export function financialSignals(years: readonly SignalYear[], trends: readonly Trend[]): FinancialSignal[] {
  const latest = years[0];
  if (!latest) return [];
  const signals: FinancialSignal[] = [];
  const figure = (year: SignalYear, measure: MeasureName) => ({
    period_end: year.period_end,
    measure,
    value: year.figures[measure] as number,
  });

  const netAssets = latest.figures.net_assets;
  if (netAssets !== null && netAssets < 0)
    signals.push({
      code: 'net_liabilities',
      severity: 'warning',
      message: `Net liabilities of ${formatPounds(-netAssets)} at ${latest.period_end}: liabilities exceed assets`,
      period_ends: [latest.period_end],
      figures: [figure(latest, 'net_assets')],
    });

  // A year without a profit and loss account says nothing either way, so it ends the run.
  const losses: SignalYear[] = [];
  for (const year of years) {
    if (year.profit_and_loss_filed !== true || year.figures.profit_loss === null) break;
    if (year.figures.profit_loss >= 0) break;
    losses.push(year);
  }
  if (losses.length >= 2)
    signals.push({
      code: 'loss_making_years_in_a_row',
      severity: losses.length >= 3 ? 'critical' : 'warning',
      message: `Loss-making in each of the last ${losses.length} years held (${losses
        .map((year) => `${year.period_end}: loss ${formatPounds(-(year.figures.profit_loss as number))}`)
        .join('; ')})`,
      period_ends: losses.map((year) => year.period_end),
      figures: losses.map((year) => figure(year, 'profit_loss')),
    });

  const fall = (measure: MeasureName) =>
    trends.find(
      (trend) => trend.measure === measure && trend.to_period_end === latest.period_end && trend.change < 0,
    );
  const fallSignal = (
    code: 'falling_cash' | 'falling_turnover',
    label: string,
    trend: Trend,
    measure: MeasureName,
  ): FinancialSignal => ({
    code,
    severity: 'info',
    message:
      `${label} fell from ${formatPounds(trend.from_value)} at ${trend.from_period_end} to ` +
      `${formatPounds(trend.to_value)} at ${trend.to_period_end}` +
      (trend.percent_change === null ? '' : ` (${trend.percent_change}%)`),
    period_ends: [trend.to_period_end, trend.from_period_end],
    figures: [
      { period_end: trend.to_period_end, measure, value: trend.to_value },
      { period_end: trend.from_period_end, measure, value: trend.from_value },
    ],
  });
  const cash = fall('cash');
  if (cash) signals.push(fallSignal('falling_cash', 'Cash', cash, 'cash'));

  const currentRatio = latest.ratios.current_ratio.value;
  if (currentRatio !== null && currentRatio < 1)
    signals.push({
      code: 'current_ratio_below_one',
      severity: 'warning',
      message:
        `Current ratio ${currentRatio} at ${latest.period_end}: current assets of ` +
        `${formatPounds(latest.figures.current_assets as number)} do not cover creditors due within one year of ` +
        `${formatPounds(latest.figures.creditors_within_one_year as number)}`,
      period_ends: [latest.period_end],
      figures: [figure(latest, 'current_assets'), figure(latest, 'creditors_within_one_year')],
    });

  const turnover = fall('turnover');
  if (turnover) signals.push(fallSignal('falling_turnover', 'Turnover', turnover, 'turnover'));

  return signals;
}
