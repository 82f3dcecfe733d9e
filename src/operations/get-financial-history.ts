import { z } from 'zod';
import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import { accountsBasisSchema } from '../domain/financials/accounts-figures';
import { financialHistory, financialHistorySchema } from '../domain/financials/financial-history';
import { readAccountsYears } from '../domain/financials/read-accounts';
import { companyNumberInput } from './company-number-input';
import { keyedOperation } from './operation';
import { readOnlyTool } from './read-only-tool';

export const getFinancialHistory = keyedOperation({
  name: 'get_financial_history',
  title: 'Get financial history with ratios, trends and signals',
  description:
    'A company’s figures parsed from filed accounts, year by year on one basis, newest first, in whole pounds ' +
    '(GBP) as filed; years known only from paper filings are left out (see get_accounts). basis defaults to group ' +
    'when the newest accounts held have group (consolidated) figures, else company; pass basis to choose; ' +
    'basis_reason says which rule applied. Each year has ratios, each with its formula, inputs and a reason when ' +
    'null: current_ratio = current_assets / creditors_within_one_year; net_margin = profit_loss / turnover (null ' +
    'without a profit and loss account); gearing = (total_assets_less_current_liabilities - net_assets) / ' +
    'net_assets, i.e. long-term liabilities and provisions per pound of net assets (null unless net assets are ' +
    'positive). trends: change and percent change of each figure between consecutive years that both state it. ' +
    'signals (about the newest year): net_liabilities, loss_making_years_in_a_row (2 or more), falling_cash, ' +
    'current_ratio_below_one, falling_turnover, each with severity, the years and the figures behind it. ' +
    'Nothing is estimated: a missing figure stays null.',
  method: 'GET',
  path: '/company/{company_number}/financial-history',
  lowestPlan: 'starter',
  cost: 1,
  companyOnDemand: (input) => input.company_number,
  tool: readOnlyTool,
  input: z
    .object({
      company_number: companyNumberInput,
      basis: accountsBasisSchema
        .optional()
        .describe('group or company; default group when the newest accounts held have group figures'),
    })
    .strict(),
  output: financialHistorySchema,
  async handler(input, { em }) {
    const companyNumber = requireCompanyNumber(input.company_number, 'company_number');
    const years = await readAccountsYears(em, companyNumber);
    return financialHistory(companyNumber, years, input.basis);
  },
});
