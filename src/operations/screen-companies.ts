import { z } from 'zod';
import { SCREEN_DEFAULT_LIMIT, screenArgumentsSchema } from '../domain/screening/screen-arguments';
import { SCREEN_COUNT_CAP, screenCompanies as runScreen } from '../domain/screening/screen-companies';
import { screenedCompanySchema } from '../domain/screening/screen-result';
import { keyedOperation } from './operation';
import { readOnlyTool } from './read-only-tool';

export const screenCompanies = keyedOperation({
  name: 'screen_companies',
  title: 'Screen companies',
  description:
    'Financial screener over the latest filed accounts figures of each company: min/max of turnover, ' +
    'gross_profit, operating_profit, profit, net_assets, total_assets_less_current_liabilities, cash, ' +
    'current_assets, creditors_within_one_year, employees (e.g. turnover_min=1000000), year-on-year growth in % ' +
    '(turnover_growth_min=20, also profit_growth, net_assets_growth, cash_growth, employees_growth), ' +
    'latest_accounts_within_months; sic_code, sic_division (62), sic_section (J); region (ITL1 code or name, e.g. ' +
    'North West), local_authority (name or ONS code), town, postcode; incorporated_from/to, company_type, ' +
    'status; accounts_overdue, confirmation_statement_overdue, gazette_notice_within_days, ' +
    'has_outstanding_charges, outstanding_charges_min, insolvency_history, registered_office_shared_min (an ' +
    'address shared by at least N active companies); health_grade, risk_level. Sort by any ' +
    'figure or growth, health_score, incorporated or company_number. Each result shows the year and figures it ' +
    'matched on (check them with get_financial_history), the growth with both years, place and health. ' +
    `Page with limit (default ${SCREEN_DEFAULT_LIMIT}) and offset.`,
  method: 'GET',
  path: '/screen/companies',
  lowestPlan: 'starter',
  cost: 1,
  tool: readOnlyTool,
  input: screenArgumentsSchema,
  output: z.object({
    items: z.array(screenedCompanySchema),
    total: z
      .number()
      .int()
      .describe(`Companies matching every filter, counted up to ${SCREEN_COUNT_CAP.toLocaleString('en-GB')}`),
    total_capped: z
      .boolean()
      .describe(
        `True when more than ${SCREEN_COUNT_CAP.toLocaleString('en-GB')} match (narrow the screen to see them all)`,
      ),
    limit: z.number().int(),
    offset: z.number().int(),
    next_offset: z.number().int().nullable(),
    sort: z.string(),
    order: z.enum(['asc', 'desc']),
    as_of: z.iso.date().describe('The day overdue filings and "within" windows are counted from'),
  }),
  async handler(input, { em, now }) {
    const { items, total, totalCapped } = await runScreen(em, input, now);
    const more = input.offset + items.length < total;
    return {
      items,
      total,
      total_capped: totalCapped,
      limit: input.limit,
      offset: input.offset,
      next_offset: more ? input.offset + items.length : null,
      sort: input.sort,
      order: input.order ?? (input.sort === 'company_number' ? 'asc' : 'desc'),
      as_of: now.toISOString().slice(0, 10),
    };
  },
});
