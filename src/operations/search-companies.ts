import { z } from 'zod';
import { plans } from '../domain/accounts/plans';
import { companySummarySchema } from '../domain/companies/company-summary';
import { companyStatusSchema } from '../domain/companies/company-profile';
import { SEARCH_MAX_LIMIT, searchCompanies as runSearch } from '../domain/companies/search-companies';
import { ServiceError } from '../domain/errors';
import { keyedOperation } from './operation';
import { trimmedText } from './trimmed-text';
import { readOnlyTool } from './read-only-tool';

/** Spec: on Free only the first page, up to 10 results. */
const FREE_PAGE_SIZE = 10;

export const searchCompanies = keyedOperation({
  name: 'search_companies',
  title: 'Search companies',
  description:
    'Find UK companies by name words or number, status, SIC code, postcode or town; returns company numbers to ' +
    'read with get_company. An exact name or number ranks first; other name searches may not rank the intended ' +
    'company first, so check the town and incorporation date. On Free only the first page, up to 10 results. ' +
    'total counts matches up to 10,000 (total_exact is false when there are more); next_offset is exact.',
  method: 'GET',
  path: '/companies',
  lowestPlan: 'free',
  cost: 1,
  // Free plan: only the first page (an offset is refused).
  errors: ['plan_required'],
  tool: readOnlyTool,
  input: z
    .object({
      q: trimmedText(1, 200).optional().describe('Name words or a company number; up to 200 characters'),
      status: companyStatusSchema.optional().describe('Company status, e.g. active, dissolved, liquidation'),
      sic_code: z
        .string()
        .regex(/^\d{4,5}$/, 'a 4- or 5-digit SIC code')
        .optional(),
      postcode: trimmedText(2, 10)
        .optional()
        .describe('Full postcode or its outward part, e.g. LS1; up to 10 characters'),
      town: trimmedText(1, 100).optional().describe('Registered office town; up to 100 characters'),
      limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(FREE_PAGE_SIZE),
      offset: z.coerce.number().int().min(0).max(10_000).default(0),
    })
    .strict()
    .refine((q) => q.q || q.status || q.sic_code || q.postcode || q.town, {
      message: 'give at least one of q, status, sic_code, postcode or town',
      path: ['q'],
    }),
  output: z.object({
    items: z.array(companySummarySchema),
    total: z
      .number()
      .int()
      .describe(
        'Every match when total_exact is true; otherwise at least this many (counting stops at 10,000)',
      ),
    total_exact: z.boolean().describe('False when counting stopped before the last match'),
    limit: z.number().int(),
    offset: z.number().int(),
    next_offset: z.number().int().nullable(),
    limited_by_plan: z
      .boolean()
      .describe('True when the plan cut the page short (Free: first page, 10 results)'),
  }),
  async handler(input, { reads, account, services }) {
    const firstPageOnly = plans[account.plan].searchFirstPageOnly;
    if (firstPageOnly && input.offset > 0) {
      throw new ServiceError(
        'plan_required',
        `Only the first page of search results is open on the free plan. Upgrade at ${services.config.UPGRADE_URL}`,
        { required_plan: 'starter', current_plan: account.plan, upgrade_url: services.config.UPGRADE_URL },
      );
    }
    const limit = firstPageOnly ? Math.min(input.limit, FREE_PAGE_SIZE) : input.limit;
    const { items, total, totalExact } = await runSearch(reads, {
      q: input.q,
      status: input.status,
      sicCode: input.sic_code,
      postcode: input.postcode,
      town: input.town,
      limit,
      offset: input.offset,
    });
    const more = input.offset + items.length < total;
    return {
      items,
      total,
      total_exact: totalExact,
      limit,
      offset: input.offset,
      next_offset: more && !firstPageOnly ? input.offset + items.length : null,
      limited_by_plan: firstPageOnly && (input.limit > limit || more),
    };
  },
});
