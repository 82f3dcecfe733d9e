import { z } from 'zod';
import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import { requireDetailsHeld } from '../domain/companies/company-details-held';
import { ServiceError } from '../domain/errors';
import { filingCategories, parseCategoryList } from '../domain/filings/filing-categories';
import {
  FILING_HISTORY_DEFAULT_LIMIT,
  FILING_HISTORY_MAX_LIMIT,
  readFilingHistory,
} from '../domain/filings/filing-history-query';
import { filingItemSchema } from '../domain/filings/filing-record';
import { companyNumberInput } from './company-number-input';
import { keyedOperation } from './operation';
import { readOnlyTool } from './read-only-tool';

export const getFilingHistory = keyedOperation({
  name: 'get_filing_history',
  title: 'Get a company’s filing history',
  description:
    'Documents a UK company filed at Companies House, newest first (by the date Companies House processed ' +
    'them): accounts, confirmation statements, officer appointments and terminations, address changes, ' +
    'charges, PSC notifications, Gazette notices and more. Each item has its form type (AA, CS01, AP01…), ' +
    'category, a plain-English description, the Companies House description key and its values, the date the ' +
    'filing is about (action_date) and its page count. Filter with category: one category or a comma-separated ' +
    'list (e.g. accounts,confirmation-statement). Page with offset and limit: while has_more is true, pass ' +
    'next_offset as offset. total_count counts every filing the filter matches. A company with no filings ' +
    'answers an empty list; one whose filing history is not held answers details_not_held.',
  method: 'GET',
  path: '/company/{company_number}/filing-history',
  lowestPlan: 'starter',
  cost: 1,
  companyOnDemand: (input) => input.company_number,
  errors: ['details_not_held'],
  tool: readOnlyTool,
  input: z
    .object({
      company_number: companyNumberInput,
      category: z
        .string()
        .min(1)
        .max(500)
        .optional()
        .describe(`One category or a comma-separated list; categories: ${filingCategories.join(', ')}`),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(FILING_HISTORY_MAX_LIMIT)
        .default(FILING_HISTORY_DEFAULT_LIMIT)
        .describe(`Filings per page, 1 to ${FILING_HISTORY_MAX_LIMIT}`),
      offset: z.coerce
        .number()
        .int()
        .min(0)
        .max(Number.MAX_SAFE_INTEGER)
        .default(0)
        .describe('How many filings to skip: 0 for the newest, or next_offset from the previous page'),
    })
    .strict(),
  output: z.object({
    company_number: z.string(),
    total_count: z.number().int().describe('Filings matching the category filter, over all pages'),
    items: z.array(filingItemSchema),
    offset: z.number().int(),
    has_more: z.boolean().describe('True when filings remain past this page'),
    next_offset: z.number().int().nullable().describe('The next page’s offset; null on the last page'),
  }),
  async handler(input, { em }) {
    const companyNumber = requireCompanyNumber(input.company_number, 'company_number');
    let categories: ReturnType<typeof parseCategoryList>['categories'] | undefined;
    if (input.category !== undefined) {
      const parsed = parseCategoryList(input.category);
      if (parsed.invalid.length > 0 || parsed.categories.length === 0) {
        const named = parsed.invalid.length > 0 ? parsed.invalid.join(', ') : `"${input.category}"`;
        throw new ServiceError(
          'invalid_argument',
          `Invalid argument category: ${named} is not a filing category; use one or more of ${filingCategories.join(', ')}`,
          { argument: 'category', invalid: parsed.invalid, allowed: [...filingCategories] },
        );
      }
      categories = parsed.categories;
    }
    await requireDetailsHeld(em, companyNumber, 'filing_history');
    const page = await readFilingHistory(em, companyNumber, {
      categories,
      limit: input.limit,
      offset: input.offset,
    });
    return {
      company_number: companyNumber,
      total_count: page.totalCount,
      items: page.items,
      offset: input.offset,
      has_more: page.hasMore,
      next_offset: page.nextOffset,
    };
  },
});
