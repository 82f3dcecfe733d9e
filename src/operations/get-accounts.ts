import { z } from 'zod';
import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import { accountsBasisSchema, accountsYearViewSchema } from '../domain/financials/accounts-figures';
import { readAccountsYears } from '../domain/financials/read-accounts';
import { companyNumberInput } from './company-number-input';
import { keyedOperation } from './operation';
import { readOnlyTool } from './read-only-tool';

export const getAccounts = keyedOperation({
  name: 'get_accounts',
  title: 'Get accounts figures by year',
  description:
    'Every year of accounts figures held for a company, newest first (at one year end, company before group); ' +
    'no paging. Each year states its origin: filed (the year the accounts document reports), comparative (a ' +
    'prior year restated in a later document, shown only while that year’s own filing is not held) or scanned ' +
    '(accounts filed on paper: the year is known, every figure is null). Each year also states its basis (group ' +
    'for consolidated figures, company for the company alone), whether a profit and loss account was filed, the ' +
    'accounts type and standard, and the document the figures came from. figures holds turnover, gross_profit, ' +
    'operating_profit, profit_loss, net_assets, total_assets_less_current_liabilities, current_assets, cash, ' +
    'creditors_within_one_year (whole pounds, GBP, exactly as filed; negative for a loss or net liabilities) and ' +
    'employees (average head count); null when the accounts do not state it. sources gives, for each figure, the ' +
    'tagged facts it was read from (fact name, context, line). Filter with basis (group or company). For ratios, ' +
    'trends and signals use get_financial_history.',
  method: 'GET',
  path: '/company/{company_number}/accounts',
  lowestPlan: 'starter',
  cost: 1,
  companyOnDemand: (input) => input.company_number,
  tool: readOnlyTool,
  input: z
    .object({
      company_number: companyNumberInput,
      basis: accountsBasisSchema.optional().describe('Only years on this basis: group or company'),
    })
    .strict(),
  output: z.object({
    company_number: z.string(),
    currency: z.literal('GBP'),
    years: z.array(accountsYearViewSchema).describe('Newest first'),
  }),
  async handler(input, { em }) {
    const companyNumber = requireCompanyNumber(input.company_number, 'company_number');
    const years = await readAccountsYears(em, companyNumber, input.basis);
    return { company_number: companyNumber, currency: 'GBP' as const, years };
  },
});
