import { z } from 'zod';
import type { MeasureName } from './accounts-measures';
import type { Figures } from './accounts-figures';

/*
 * Ratios from one year's filed figures. Each carries its formula and the figures that went in, so a reader can
 * redo the sum; a ratio whose inputs are missing or meaningless is null with the reason, never estimated.
 */

export const ratioSchema = z.object({
  value: z.number().nullable().describe('Rounded to 4 decimal places; null when it cannot be computed'),
  formula: z.string(),
  inputs: z.record(z.string(), z.number().nullable()).describe('Each figure in the formula, as filed'),
  reason: z.string().nullable().describe('Why the value is null; null when there is a value'),
});
export type Ratio = z.infer<typeof ratioSchema>;

export const yearRatiosSchema = z.object({
  current_ratio: ratioSchema,
  net_margin: ratioSchema,
  gearing: ratioSchema,
});
export type YearRatios = z.infer<typeof yearRatiosSchema>;

export const RATIO_FORMULAS = {
  current_ratio: 'current_assets / creditors_within_one_year',
  net_margin: 'profit_loss / turnover',
  gearing: '(total_assets_less_current_liabilities - net_assets) / net_assets',
} as const;

export function roundRatio(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function ratio(
  formula: string,
  figures: Figures,
  names: readonly MeasureName[],
  compute: () => number | string,
): Ratio {
  const inputs = Object.fromEntries(names.map((name) => [name, figures[name]]));
  const missing = names.filter((name) => figures[name] === null);
  if (missing.length > 0)
    return { value: null, formula, inputs, reason: `not stated in the accounts: ${missing.join(', ')}` };
  const result = compute();
  return typeof result === 'string'
    ? { value: null, formula, inputs, reason: result }
    : { value: roundRatio(result), formula, inputs, reason: null };
}

export function yearRatios(figures: Figures, profitAndLossFiled: boolean | null): YearRatios {
  const value = (name: MeasureName) => figures[name] as number;
  const netMargin: Ratio =
    profitAndLossFiled === true
      ? ratio(RATIO_FORMULAS.net_margin, figures, ['profit_loss', 'turnover'], () =>
          value('turnover') > 0 ? value('profit_loss') / value('turnover') : 'turnover is not positive',
        )
      : {
          value: null,
          formula: RATIO_FORMULAS.net_margin,
          inputs: { profit_loss: figures.profit_loss, turnover: figures.turnover },
          reason: 'no profit and loss account was filed for the year',
        };
  return {
    current_ratio: ratio(
      RATIO_FORMULAS.current_ratio,
      figures,
      ['current_assets', 'creditors_within_one_year'],
      () =>
        value('creditors_within_one_year') > 0
          ? value('current_assets') / value('creditors_within_one_year')
          : 'no creditors falling due within one year',
    ),
    net_margin: netMargin,
    // Long-term liabilities and provisions per pound of net assets: the debt-like part of what funds the
    // business that our measures can show. Meaningless when there is no positive equity to divide by.
    gearing: ratio(
      RATIO_FORMULAS.gearing,
      figures,
      ['total_assets_less_current_liabilities', 'net_assets'],
      () =>
        value('net_assets') > 0
          ? (value('total_assets_less_current_liabilities') - value('net_assets')) / value('net_assets')
          : 'net assets are not positive',
    ),
  };
}
