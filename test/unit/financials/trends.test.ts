import { trendSchema, yearOnYearTrends } from '../../../src/domain/financials/trends';
import { figures } from './figures-helpers';

describe('yearOnYearTrends', () => {
  const years = [
    { period_end: '2025-03-31', figures: figures({ turnover: 910000, cash: 20000, profit_loss: -34500 }) },
    {
      period_end: '2024-03-31',
      figures: figures({ turnover: 1050000, cash: 45000, profit_loss: -15500, employees: 12 }),
    },
    {
      period_end: '2023-03-31',
      figures: figures({ turnover: 980000, cash: 0, profit_loss: 31000, employees: 11 }),
    },
  ];

  it('compares each measure between consecutive years, newest pair first', () => {
    const trends = yearOnYearTrends(years);
    expect(trends).toEqual([
      {
        measure: 'turnover',
        from_period_end: '2024-03-31',
        to_period_end: '2025-03-31',
        from_value: 1050000,
        to_value: 910000,
        change: -140000,
        percent_change: -13.33,
      },
      {
        measure: 'profit_loss',
        from_period_end: '2024-03-31',
        to_period_end: '2025-03-31',
        from_value: -15500,
        to_value: -34500,
        change: -19000,
        percent_change: -122.58,
      },
      {
        measure: 'cash',
        from_period_end: '2024-03-31',
        to_period_end: '2025-03-31',
        from_value: 45000,
        to_value: 20000,
        change: -25000,
        percent_change: -55.56,
      },
      {
        measure: 'turnover',
        from_period_end: '2023-03-31',
        to_period_end: '2024-03-31',
        from_value: 980000,
        to_value: 1050000,
        change: 70000,
        percent_change: 7.14,
      },
      {
        measure: 'profit_loss',
        from_period_end: '2023-03-31',
        to_period_end: '2024-03-31',
        from_value: 31000,
        to_value: -15500,
        change: -46500,
        percent_change: -150,
      },
      {
        measure: 'cash',
        from_period_end: '2023-03-31',
        to_period_end: '2024-03-31',
        from_value: 0,
        to_value: 45000,
        change: 45000,
        percent_change: null,
      },
      {
        measure: 'employees',
        from_period_end: '2023-03-31',
        to_period_end: '2024-03-31',
        from_value: 11,
        to_value: 12,
        change: 1,
        percent_change: 9.09,
      },
    ]);
    for (const trend of trends) expect(trendSchema.parse(trend)).toEqual(trend);
  });

  it('has nothing to compare with one year or none', () => {
    expect(yearOnYearTrends([])).toEqual([]);
    expect(yearOnYearTrends(years.slice(0, 1))).toEqual([]);
  });

  it('a loss shrinking reads as a rise: percent against the size of the earlier figure', () => {
    const [trend] = yearOnYearTrends([
      { period_end: '2025-12-31', figures: figures({ profit_loss: -500 }) },
      { period_end: '2024-12-31', figures: figures({ profit_loss: -2000 }) },
    ]);
    expect(trend).toMatchObject({ change: 1500, percent_change: 75 });
  });
});
