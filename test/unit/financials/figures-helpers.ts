import type { Figures } from '../../../src/domain/financials/accounts-figures';

/** Every measure null except those given. */
export function figures(given: Partial<Figures> = {}): Figures {
  return {
    turnover: null,
    gross_profit: null,
    operating_profit: null,
    profit_loss: null,
    net_assets: null,
    total_assets_less_current_liabilities: null,
    current_assets: null,
    cash: null,
    creditors_within_one_year: null,
    employees: null,
    ...given,
  };
}
