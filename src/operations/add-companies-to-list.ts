import { z } from 'zod';
import { companyNumberSchema } from '../domain/companies/company-number';
import { findOrCreateDefaultList } from '../domain/lists/default-list';
import { getListOfAccount } from '../domain/lists/lists';
import { MAX_COMPANIES_PER_ADD, addCompaniesToList as addToList } from '../domain/lists/list-membership';
import { listIdSchema, listRefSchema } from '../domain/lists/list-view';
import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import { companyNumberArgument } from './company-number-input';
import { keyedOperation } from './operation';

export const addCompaniesToList = keyedOperation({
  name: 'add_companies_to_list',
  title: 'Add companies to a list',
  description:
    'Adds companies to a list so they are monitored. With no list_id they go to the account’s default list ' +
    '("Default", kind portfolio), created if the account has none. Each number is reported as added, ' +
    'already_on_list or not_found (not on the register); a malformed number fails the whole call. Costs 1 ' +
    'request with list_id, 2 without (find or create the default list, then add).',
  method: 'POST',
  path: '/lists/companies',
  lowestPlan: 'free',
  // Spec, Limits: with no list named, two requests (find or create the default list, then add).
  cost: (input) => (input.list_id === undefined ? 2 : 1),
  // not_found: no such list_id in the account; unavailable: the default list lost a creation race three times.
  errors: ['not_found', 'unavailable'],
  tool: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z
    .object({
      list_id: listIdSchema.optional().describe('The list to add to; leave out for the default list'),
      company_numbers: z
        .array(companyNumberArgument('company_numbers'))
        .min(1)
        .max(MAX_COMPANIES_PER_ADD)
        .describe('1 to 100 company numbers, e.g. 00445790 or SC123456 (leading zeros may be left off)'),
    })
    .strict(),
  output: z.object({
    list: listRefSchema.extend({
      created: z.boolean().describe('True when this call created the default list'),
    }),
    added: z.number().int(),
    already_on_list: z.number().int(),
    not_found: z.number().int(),
    results: z.array(
      z.object({
        company_number: companyNumberSchema,
        company_name: z.string().nullable(),
        outcome: z.enum(['added', 'already_on_list', 'not_found']),
      }),
    ),
  }),
  async handler(input, { em, account, now }) {
    // Every number is checked before anything changes, and numbers typed two ways ("123456", "00123456") count once.
    const numbers = [
      ...new Set(input.company_numbers.map((raw) => requireCompanyNumber(raw, 'company_numbers'))),
    ];
    const { list, created } =
      input.list_id === undefined
        ? await findOrCreateDefaultList(em, account.id, now)
        : { list: await getListOfAccount(em, account.id, input.list_id), created: false };
    const results = await addToList(em, list.id, numbers, now);
    const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
    return {
      list: { id: list.id, name: list.name, kind: list.kind, is_default: list.isDefault, created },
      added: count('added'),
      already_on_list: count('already_on_list'),
      not_found: count('not_found'),
      results: results.map((r) => ({
        company_number: r.companyNumber,
        company_name: r.companyName,
        outcome: r.outcome,
      })),
    };
  },
});
