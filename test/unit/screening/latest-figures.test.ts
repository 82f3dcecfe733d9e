import type { AccountsYearView } from '../../../src/domain/financials/accounts-figures';
import { latestFiguresOf, monthsBefore } from '../../../src/domain/screening/latest-figures';
import { figures } from '../financials/figures-helpers';
import type { Figures } from '../../../src/domain/financials/accounts-figures';
import type { LatestFiguresYear } from '../../../src/domain/screening/latest-figures';

function year(
  period_end: string,
  given: Partial<Figures>,
  options: Partial<Pick<AccountsYearView, 'basis' | 'origin' | 'profit_and_loss_filed'>> = {},
): LatestFiguresYear {
  return {
    period_end,
    period_start: null,
    basis: options.basis ?? 'company',
    origin: options.origin ?? 'filed',
    profit_and_loss_filed: options.profit_and_loss_filed ?? true,
    document: { kind: 'inline_xbrl', name: `doc-${period_end}.html`, period_end, problems: [] },
    figures: figures(given),
  };
}

describe('latestFiguresOf', () => {
  it('is null when no year with figures is held (none, or scanned years only)', () => {
    expect(latestFiguresOf('00000001', [])).toBeNull();
    expect(latestFiguresOf('00000001', [year('2024-03-31', {}, { origin: 'scanned' })])).toBeNull();
  });

  it('takes the newest year, its figures and document, and growth against the year before', () => {
    const row = latestFiguresOf('00000001', [
      year('2023-03-31', { turnover: 800_000, profit_loss: 40_000, net_assets: 100_000, cash: 50_000, employees: 10 }),
      year('2024-03-31', { turnover: 1_000_000, profit_loss: 30_000, net_assets: 130_000, cash: 50_000, employees: 12 }, { origin: 'comparative' }),
      year('2025-03-31', { turnover: 1_250_000, profit_loss: 45_000, net_assets: 175_000, cash: 40_000, employees: 12, gross_profit: 500_000 }),
    ]); // prettier-ignore
    expect(row).toMatchObject({
      company_number: '00000001',
      period_end: '2025-03-31',
      basis: 'company',
      origin: 'filed',
      profit_and_loss_filed: true,
      document: 'doc-2025-03-31.html',
      turnover: 1_250_000,
      gross_profit: 500_000,
      operating_profit: null,
      previous_period_end: '2024-03-31',
      previous_turnover: 1_000_000,
      turnover_growth: 25,
      profit_loss_growth: 50,
      net_assets_growth: 34.62,
      cash_growth: -20,
      employees_growth: 0,
    });
  });

  it('leaves growth null where either year lacks the figure or the base is zero or negative', () => {
    const row = latestFiguresOf('00000001', [
      year('2024-12-31', { turnover: null, profit_loss: -100, net_assets: 0, cash: 10, employees: 3 }),
      year('2025-12-31', { turnover: 500, profit_loss: 50, net_assets: 20, cash: null, employees: 4 }),
    ]);
    expect(row).toMatchObject({
      previous_period_end: '2024-12-31',
      previous_turnover: null,
      previous_profit_loss: -100,
      turnover_growth: null,
      profit_loss_growth: null,
      net_assets_growth: null,
      cash_growth: null,
      employees_growth: 33.33,
    });
  });

  it('measures no growth across a missing year (more than 18 months between the two)', () => {
    const gap = latestFiguresOf('00000001', [
      year('2022-12-31', { turnover: 100 }),
      year('2024-12-31', { turnover: 200 }),
    ]);
    expect(gap).toMatchObject({ period_end: '2024-12-31', previous_period_end: null, turnover_growth: null });
    // An 18-month first period still counts as the year before.
    const long = latestFiguresOf('00000001', [
      year('2023-06-30', { turnover: 100 }),
      year('2024-12-31', { turnover: 200 }),
    ]);
    expect(long).toMatchObject({ previous_period_end: '2023-06-30', turnover_growth: 100 });
  });

  it('uses the group figures when the newest year has them, and compares group with group only', () => {
    const row = latestFiguresOf('00000001', [
      year('2024-12-31', { turnover: 1_000 }, { basis: 'company' }),
      year('2024-12-31', { turnover: 9_000 }, { basis: 'group' }),
      year('2025-12-31', { turnover: 1_100 }, { basis: 'company' }),
      year('2025-12-31', { turnover: 9_900 }, { basis: 'group' }),
    ]);
    expect(row).toMatchObject({
      basis: 'group',
      turnover: 9_900,
      previous_turnover: 9_000,
      turnover_growth: 10,
    });
  });

  it('ignores a newer scanned year: figures and growth come from the years with figures', () => {
    const row = latestFiguresOf('00000001', [
      year('2023-12-31', { turnover: 100 }),
      year('2024-12-31', { turnover: 150 }),
      year('2025-12-31', {}, { origin: 'scanned' }),
    ]);
    expect(row).toMatchObject({
      period_end: '2024-12-31',
      previous_period_end: '2023-12-31',
      turnover_growth: 50,
    });
  });

  it('counts months back keeping month ends', () => {
    expect(monthsBefore('2025-06-30', 18)).toBe('2023-12-31');
    expect(monthsBefore('2026-11-24', 12)).toBe('2025-11-24');
    expect(monthsBefore('2024-02-29', 12)).toBe('2023-02-28');
  });
});
