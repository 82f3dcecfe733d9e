import { z } from 'zod';
import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import { addDays } from '../domain/companies/register-dates';
import { listKybChecksOfAccount } from '../domain/kyb/kyb-check-store';
import { kybOutcomeSchema } from '../domain/kyb/kyb-outcome';
import { kybCheckResultSchema } from '../domain/kyb/kyb-result';
import { companyNumberInput } from './company-number-input';
import { keyedOperation } from './operation';
import { trimmedText } from './trimmed-text';
import { readOnlyTool } from './read-only-tool';

const MAX_LIMIT = 100;

const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

export const listKybChecks = keyedOperation({
  name: 'list_kyb_checks',
  title: 'List the account’s KYB checks',
  description:
    'KYB checks already run on the account, newest first, each whole as run_kyb_check answered it (reasons, ' +
    'evidence, checks performed, inputs used). Runs no check. Filter by outcome, client_reference (exact), ' +
    'company_number, created_from and created_to (YYYY-MM-DD, UTC days, both included); page with limit ' +
    `(1–${MAX_LIMIT}, default 20) and offset; total counts every match.`,
  method: 'GET',
  path: '/kyb/checks',
  lowestPlan: 'starter',
  cost: 1,
  tool: readOnlyTool,
  input: z
    .object({
      outcome: kybOutcomeSchema.optional(),
      client_reference: trimmedText(1, 200)
        .optional()
        .describe('Exactly this client_reference; up to 200 characters'),
      company_number: companyNumberInput
        .optional()
        .transform((raw) => (raw === undefined ? undefined : requireCompanyNumber(raw, 'company_number'))),
      created_from: z.iso.date().optional().describe('First UTC day (YYYY-MM-DD) of checks to list'),
      created_to: z.iso.date().optional().describe('Last UTC day (YYYY-MM-DD) of checks to list'),
      limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(20),
      offset: z.coerce.number().int().min(0).max(100_000).default(0),
    })
    .strict()
    .superRefine((args, ctx) => {
      if (args.created_from && args.created_to && args.created_to < args.created_from)
        ctx.addIssue({ code: 'custom', path: ['created_to'], message: 'must not be before created_from' });
    }),
  output: z.object({
    items: z.array(kybCheckResultSchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    next_offset: z.number().int().nullable(),
  }),
  async handler(args, { em, account }) {
    const page = await listKybChecksOfAccount(
      em,
      account.id,
      {
        outcome: args.outcome,
        clientReference: args.client_reference,
        companyNumber: args.company_number,
        createdFrom: args.created_from ? startOfDay(args.created_from) : undefined,
        createdBefore: args.created_to ? startOfDay(addDays(args.created_to, 1)) : undefined,
      },
      { limit: args.limit, offset: args.offset },
    );
    const end = args.offset + page.items.length;
    return {
      ...page,
      limit: args.limit,
      offset: args.offset,
      next_offset: end < page.total ? end : null,
    };
  },
});
