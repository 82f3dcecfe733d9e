import { z } from 'zod';
import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import {
  CHANGE_FEED_DEFAULT_LIMIT,
  CHANGE_FEED_MAX_LIMIT,
  changeFeedItemSchema,
  readChangeFeed,
} from '../domain/changes/change-feed';
import { changeKinds } from '../domain/changes/company-changes';
import { companyNumberInput } from './company-number-input';
import { keyedOperation } from './operation';
import { trimmedText } from './trimmed-text';
import { readOnlyTool } from './read-only-tool';

export const getChanges = keyedOperation({
  name: 'get_changes',
  title: 'Get register changes',
  description:
    'Register change feed: companies added, updated and dissolved, one field-level change per item, oldest ' +
    'first by sequence. Filter by sic_code, postcode (full postcode, sector or outward code such as LS1), change ' +
    '(added, updated, dissolved) and company_number; SIC code and postcode are the company’s as the register ' +
    'holds it now. Page with after and limit: pass next_after as after to read on while has_more is true, and ' +
    'again later to get only newer changes.',
  method: 'GET',
  path: '/changes',
  lowestPlan: 'starter',
  cost: 1,
  tool: readOnlyTool,
  input: z
    .object({
      after: z.coerce
        .number()
        .int()
        .min(0)
        .max(Number.MAX_SAFE_INTEGER)
        .default(0)
        .describe('Sequence to read past: 0 for the start, or next_after from the previous page'),
      limit: z.coerce.number().int().min(1).max(CHANGE_FEED_MAX_LIMIT).default(CHANGE_FEED_DEFAULT_LIMIT),
      sic_code: z
        .string()
        .regex(/^\d{4,5}$/, 'a 4- or 5-digit SIC code')
        .optional(),
      postcode: trimmedText(2, 10)
        .optional()
        .describe('Full postcode, sector or outward code, e.g. LS1; up to 10 characters'),
      change: z.enum(changeKinds).optional(),
      company_number: companyNumberInput.optional(),
    })
    .strict(),
  output: z.object({
    changes: z.array(changeFeedItemSchema),
    next_after: z
      .number()
      .int()
      .describe(
        'The last sequence on this page (after itself when the page is empty): the next page’s after',
      ),
    has_more: z.boolean().describe('True when more changes wait past next_after now'),
  }),
  async handler(input, { em }) {
    const page = await readChangeFeed(em, {
      after: input.after,
      limit: input.limit,
      sicCode: input.sic_code,
      postcode: input.postcode,
      change: input.change,
      companyNumber:
        input.company_number === undefined
          ? undefined
          : requireCompanyNumber(input.company_number, 'company_number'),
    });
    return { changes: page.items, next_after: page.nextAfter, has_more: page.hasMore };
  },
});
