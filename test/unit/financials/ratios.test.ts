import { RATIO_FORMULAS, roundRatio, yearRatios } from '../../../src/domain/financials/ratios';
import { figures } from './figures-helpers';

describe('yearRatios', () => {
  const full = figures({
    turnover: 910000,
    profit_loss: -34500,
    current_assets: 180000,
    creditors_within_one_year: 210000,
    total_assets_less_current_liabilities: 260000,
    net_assets: 210000,
  });

  it('computes each ratio from the filed figures, with its formula and inputs', () => {
    expect(yearRatios(full, true)).toEqual({
      current_ratio: {
        value: 0.8571,
        formula: 'current_assets / creditors_within_one_year',
        inputs: { current_assets: 180000, creditors_within_one_year: 210000 },
        reason: null,
      },
      net_margin: {
        value: -0.0379,
        formula: 'profit_loss / turnover',
        inputs: { profit_loss: -34500, turnover: 910000 },
        reason: null,
      },
      gearing: {
        value: 0.2381,
        formula: '(total_assets_less_current_liabilities - net_assets) / net_assets',
        inputs: { total_assets_less_current_liabilities: 260000, net_assets: 210000 },
        reason: null,
      },
    });
  });

  it('gives null with a reason naming what is missing, never a guess', () => {
    const ratios = yearRatios(figures({ current_assets: 5000 }), true);
    expect(ratios.current_ratio).toEqual({
      value: null,
      formula: RATIO_FORMULAS.current_ratio,
      inputs: { current_assets: 5000, creditors_within_one_year: null },
      reason: 'not stated in the accounts: creditors_within_one_year',
    });
    expect(ratios.net_margin.reason).toBe('not stated in the accounts: profit_loss, turnover');
    expect(ratios.gearing).toMatchObject({
      value: null,
      reason: 'not stated in the accounts: total_assets_less_current_liabilities, net_assets',
    });
  });

  it('gives no net margin without a profit and loss account, even when a profit is tagged', () => {
    const ratios = yearRatios({ ...full, turnover: null }, false);
    expect(ratios.net_margin).toEqual({
      value: null,
      formula: RATIO_FORMULAS.net_margin,
      inputs: { profit_loss: -34500, turnover: null },
      reason: 'no profit and loss account was filed for the year',
    });
    expect(yearRatios(full, null).net_margin.value).toBeNull();
    // The balance sheet ratios do not depend on it.
    expect(ratios.current_ratio.value).toBe(0.8571);
  });

  it('refuses to divide by zero or by negative net assets', () => {
    const ratios = yearRatios(
      figures({
        turnover: 0,
        profit_loss: -100,
        current_assets: 10,
        creditors_within_one_year: 0,
        total_assets_less_current_liabilities: -4300,
        net_assets: -4300,
      }),
      true,
    );
    expect(ratios.current_ratio).toMatchObject({
      value: null,
      reason: 'no creditors falling due within one year',
    });
    expect(ratios.net_margin).toMatchObject({ value: null, reason: 'turnover is not positive' });
    expect(ratios.gearing).toMatchObject({
      value: null,
      inputs: { total_assets_less_current_liabilities: -4300, net_assets: -4300 },
      reason: 'net assets are not positive',
    });
    expect(
      yearRatios(figures({ total_assets_less_current_liabilities: 5, net_assets: 0 }), true).gearing.reason,
    ).toBe('net assets are not positive');
  });

  it('gearing is zero when there are no long-term liabilities', () => {
    expect(
      yearRatios(figures({ total_assets_less_current_liabilities: 51250, net_assets: 51250 }), false).gearing
        .value,
    ).toBe(0);
  });

  it('rounds to four decimal places', () => {
    expect(roundRatio(2 / 3)).toBe(0.6667);
    expect(roundRatio(1.2)).toBe(1.2);
  });
});
