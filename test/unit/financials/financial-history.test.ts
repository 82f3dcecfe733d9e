import type { AccountsYearView, Figures } from '../../../src/domain/financials/accounts-figures';
import {
  defaultBasis,
  financialHistory,
  financialHistorySchema,
} from '../../../src/domain/financials/financial-history';
import { scannedYears } from '../../../src/domain/financials/scanned-years';
import { figures } from './figures-helpers';

function view(
  periodEnd: string,
  basis: 'company' | 'group',
  given: Partial<Figures>,
  origin: 'filed' | 'comparative' = 'filed',
  profitAndLossFiled = true,
): AccountsYearView {
  const sources = Object.fromEntries(
    Object.keys(figures()).map((name) => [name, []]),
  ) as unknown as AccountsYearView['sources'];
  return {
    period_end: periodEnd,
    period_start: null,
    origin,
    basis,
    profit_and_loss_filed: profitAndLossFiled,
    accounts_type: 'FullAccounts',
    accounting_standard: 'FRS102',
    document: {
      kind: 'inline_xbrl',
      name: `accounts-${periodEnd}.html`,
      period_end: periodEnd,
      problems: [],
    },
    figures: figures(given),
    sources,
  };
}

describe('defaultBasis', () => {
  it('is group where the newest year held has group figures, otherwise company', () => {
    expect(defaultBasis([view('2025-12-31', 'company', {}), view('2025-12-31', 'group', {})])).toEqual({
      basis: 'group',
      reason: 'default: the newest accounts held (2025-12-31) have group figures',
    });
    expect(defaultBasis([view('2025-12-31', 'company', {}), view('2024-12-31', 'group', {})])).toEqual({
      basis: 'company',
      reason: 'default: the newest accounts held (2025-12-31) have no group figures',
    });
    expect(defaultBasis([])).toEqual({ basis: 'company', reason: 'default: no figures are held' });
  });
});

describe('financialHistory', () => {
  const years = [
    view('2024-12-31', 'group', { turnover: 11900000, profit_loss: 600000, cash: 1250000 }, 'comparative'),
    view('2025-12-31', 'company', { net_assets: 3100000 }, 'filed', false),
    view('2025-12-31', 'group', { turnover: 12500000, profit_loss: 640000, cash: 1400000 }),
    ...scannedYears(
      [
        {
          transactionId: 'paper',
          category: 'accounts',
          date: '2020-01-01',
          descriptionCode: 'accounts-with-accounts-type-group',
          descriptionValues: '{"made_up_date":"2019-12-31"}',
          paperFiled: true,
        },
      ],
      new Set(),
    ),
  ];

  it('shows the default basis newest first with ratios, trends and signals, and no scanned years', () => {
    const history = financialHistory('01234567', years, undefined);
    expect(financialHistorySchema.parse(history)).toEqual(history);
    expect(history).toMatchObject({
      company_number: '01234567',
      basis: 'group',
      bases_held: ['company', 'group'],
      currency: 'GBP',
    });
    expect(history.years.map((year) => [year.period_end, year.origin])).toEqual([
      ['2025-12-31', 'filed'],
      ['2024-12-31', 'comparative'],
    ]);
    expect(history.years[0]!.ratios.net_margin.value).toBe(0.0512);
    expect(history.trends.map((trend) => [trend.measure, trend.change])).toEqual([
      ['turnover', 600000],
      ['profit_loss', 40000],
      ['cash', 150000],
    ]);
    expect(history.signals).toEqual([]);
  });

  it('follows a requested basis', () => {
    const history = financialHistory('01234567', years, 'company');
    expect(history).toMatchObject({ basis: 'company', basis_reason: 'requested' });
    expect(history.years).toHaveLength(1);
    expect(history.years[0]).toMatchObject({
      profit_and_loss_filed: false,
      figures: { net_assets: 3100000 },
    });
    expect(history.years[0]!.ratios.net_margin.reason).toBe(
      'no profit and loss account was filed for the year',
    );
    expect(history.trends).toEqual([]);
  });

  it('is empty, not an error, when nothing is held', () => {
    expect(financialHistory('09876543', [], undefined)).toEqual({
      company_number: '09876543',
      basis: 'company',
      basis_reason: 'default: no figures are held',
      bases_held: [],
      currency: 'GBP',
      years: [],
      trends: [],
      signals: [],
    });
  });
});
