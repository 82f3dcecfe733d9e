import type { Figures } from '../../../src/domain/financials/accounts-figures';
import { yearRatios } from '../../../src/domain/financials/ratios';
import {
  financialSignalSchema,
  financialSignals,
  type SignalYear,
} from '../../../src/domain/financials/signals';
import { yearOnYearTrends } from '../../../src/domain/financials/trends';
import { figures } from './figures-helpers';

function year(
  periodEnd: string,
  given: Partial<Figures>,
  profitAndLossFiled: boolean | null = true,
): SignalYear {
  const values = figures(given);
  return {
    period_end: periodEnd,
    profit_and_loss_filed: profitAndLossFiled,
    figures: values,
    ratios: yearRatios(values, profitAndLossFiled),
  };
}
const signalsOf = (years: SignalYear[]) => financialSignals(years, yearOnYearTrends(years));
const codes = (years: SignalYear[]) => signalsOf(years).map((signal) => signal.code);

describe('financialSignals', () => {
  it('gives every signal the years and figures behind it', () => {
    const years = [
      year('2025-03-31', {
        turnover: 910000,
        profit_loss: -34500,
        cash: 20000,
        current_assets: 180000,
        creditors_within_one_year: 210000,
        net_assets: -5000,
      }),
      year('2024-03-31', { turnover: 1050000, profit_loss: -15500, cash: 45000 }),
      year('2023-03-31', { turnover: 980000, profit_loss: 31000, cash: 60000 }),
    ];
    const signals = signalsOf(years);
    for (const signal of signals) expect(financialSignalSchema.parse(signal)).toEqual(signal);
    expect(signals).toEqual([
      {
        code: 'net_liabilities',
        severity: 'warning',
        message: 'Net liabilities of £5,000 at 2025-03-31: liabilities exceed assets',
        period_ends: ['2025-03-31'],
        figures: [{ period_end: '2025-03-31', measure: 'net_assets', value: -5000 }],
      },
      {
        code: 'loss_making_years_in_a_row',
        severity: 'warning',
        message:
          'Loss-making in each of the last 2 years held (2025-03-31: loss £34,500; 2024-03-31: loss £15,500)',
        period_ends: ['2025-03-31', '2024-03-31'],
        figures: [
          { period_end: '2025-03-31', measure: 'profit_loss', value: -34500 },
          { period_end: '2024-03-31', measure: 'profit_loss', value: -15500 },
        ],
      },
      {
        code: 'falling_cash',
        severity: 'info',
        message: 'Cash fell from £45,000 at 2024-03-31 to £20,000 at 2025-03-31 (-55.56%)',
        period_ends: ['2025-03-31', '2024-03-31'],
        figures: [
          { period_end: '2025-03-31', measure: 'cash', value: 20000 },
          { period_end: '2024-03-31', measure: 'cash', value: 45000 },
        ],
      },
      {
        code: 'current_ratio_below_one',
        severity: 'warning',
        message:
          'Current ratio 0.8571 at 2025-03-31: current assets of £180,000 do not cover creditors due within one year of £210,000',
        period_ends: ['2025-03-31'],
        figures: [
          { period_end: '2025-03-31', measure: 'current_assets', value: 180000 },
          { period_end: '2025-03-31', measure: 'creditors_within_one_year', value: 210000 },
        ],
      },
      {
        code: 'falling_turnover',
        severity: 'info',
        message: 'Turnover fell from £1,050,000 at 2024-03-31 to £910,000 at 2025-03-31 (-13.33%)',
        period_ends: ['2025-03-31', '2024-03-31'],
        figures: [
          { period_end: '2025-03-31', measure: 'turnover', value: 910000 },
          { period_end: '2024-03-31', measure: 'turnover', value: 1050000 },
        ],
      },
    ]);
  });

  it('is critical from three loss-making years in a row, and counts only the run up to the newest year', () => {
    const loss = (periodEnd: string, value: number) => year(periodEnd, { profit_loss: value });
    const three = signalsOf([
      loss('2025-12-31', -1),
      loss('2024-12-31', -2),
      loss('2023-12-31', -3),
      loss('2022-12-31', 4),
    ]);
    expect(three[0]).toMatchObject({
      code: 'loss_making_years_in_a_row',
      severity: 'critical',
      period_ends: ['2025-12-31', '2024-12-31', '2023-12-31'],
    });
    expect(codes([loss('2025-12-31', -1)])).toEqual([]);
    expect(codes([loss('2025-12-31', 10), loss('2024-12-31', -2), loss('2023-12-31', -3)])).toEqual([]);
    expect(codes([loss('2025-12-31', -1), loss('2024-12-31', 0), loss('2023-12-31', -3)])).toEqual([]);
    // A year that does not state its result breaks the run rather than counting as a loss.
    expect(codes([loss('2025-12-31', -1), year('2024-12-31', {}), loss('2023-12-31', -3)])).toEqual([]);
  });

  it('gives no loss signal without a profit and loss account (micro-entity), however the reserves note reads', () => {
    const micro = [
      year(
        '2025-10-31',
        { profit_loss: -6000, net_assets: -4300, current_assets: 18400, creditors_within_one_year: 26900 },
        false,
      ),
      year('2024-10-31', { profit_loss: -2100, net_assets: 1700 }, false),
    ];
    expect(codes(micro)).toEqual(['net_liabilities', 'current_ratio_below_one']);
  });

  it('reads the state of the newest year only', () => {
    expect(
      codes([
        year('2025-12-31', {
          net_assets: 100,
          current_assets: 300,
          creditors_within_one_year: 200,
          cash: 50,
        }),
        year('2024-12-31', {
          net_assets: -100,
          current_assets: 100,
          creditors_within_one_year: 200,
          cash: 10,
        }),
      ]),
    ).toEqual([]);
    // A fall between older years does not count either.
    expect(
      codes([year('2025-12-31', {}), year('2024-12-31', { cash: 5 }), year('2023-12-31', { cash: 50 })]),
    ).toEqual([]);
    expect(codes([])).toEqual([]);
  });

  it('needs the figures stated: no signal from a missing figure', () => {
    expect(codes([year('2025-12-31', { cash: 10 }), year('2024-12-31', {})])).toEqual([]);
    expect(codes([year('2025-12-31', { current_assets: 10 })])).toEqual([]);
    expect(
      codes([year('2025-12-31', { net_assets: 0, current_assets: 10, creditors_within_one_year: 10 })]),
    ).toEqual([]);
  });
});
