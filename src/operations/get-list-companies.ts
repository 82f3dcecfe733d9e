import { z } from 'zod';
import { booleanArgument } from '../domain/boolean-argument';
import { companyNumberSchema } from '../domain/companies/company-number';
import { companyStatusSchema } from '../domain/companies/company-profile';
import {
  gradeSetArgument,
  riskLevelSetArgument,
  scoreBoundArgument,
  storedHealthSchema,
} from '../domain/health/store/stored-health-arguments';
import { getListOfAccount } from '../domain/lists/lists';
import { listCompaniesPage, listCompanySorts } from '../domain/lists/list-companies';
import { listIdSchema, listViewSchema } from '../domain/lists/list-view';
import { endpointHealthOf, toEndpointHealthView } from '../domain/webhooks/endpoint-health';
import { keyedOperation } from './operation';
import { readOnlyTool } from './read-only-tool';

const MAX_LIMIT = 100;

const filing = z.object({ next_due: z.iso.date().nullable(), overdue: z.boolean() });

export const getListCompanies = keyedOperation({
  name: 'get_list_companies',
  title: 'Get the companies on a list',
  description:
    'Companies on one list, with status, whether accounts or the confirmation statement are overdue today, and ' +
    'the stored health score (score, grade, risk_level, as_of, model_version; null until scored; explained by ' +
    'get_health_score). Filter by status, by overdue (true: any filing overdue; false: none), by grade and ' +
    'risk_level (one or several, comma-separated) and by min_score and max_score (these leave out unscored ' +
    'companies); sort by name, number, added_at or score (unscored last), asc or desc; page with limit and offset.',
  method: 'GET',
  path: '/lists/{list_id}/companies',
  lowestPlan: 'free',
  cost: 1,
  tool: readOnlyTool,
  input: z
    .object({
      list_id: listIdSchema,
      status: companyStatusSchema.optional(),
      overdue: booleanArgument.optional(),
      grade: gradeSetArgument.optional(),
      risk_level: riskLevelSetArgument.optional(),
      min_score: scoreBoundArgument.optional().describe('Lowest health score, 0–100'),
      max_score: scoreBoundArgument.optional().describe('Highest health score, 0–100'),
      sort: z.enum(listCompanySorts).default('name'),
      order: z.enum(['asc', 'desc']).default('asc'),
      limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(50),
      offset: z.coerce.number().int().min(0).max(100_000).default(0),
    })
    .strict()
    .refine(
      (input) =>
        input.min_score === undefined || input.max_score === undefined || input.min_score <= input.max_score,
      { message: 'min_score is above max_score', path: ['min_score'] },
    ),
  output: z.object({
    // With its address's health, so a page showing the list can say the address is disabled at no extra call.
    list: listViewSchema.pick({
      id: true,
      name: true,
      kind: true,
      is_default: true,
      webhook_url: true,
      webhook_health: true,
    }),
    items: z.array(
      z.object({
        company_number: companyNumberSchema,
        company_name: z.string(),
        company_status: companyStatusSchema,
        added_at: z.iso.datetime(),
        accounts: filing,
        confirmation_statement: filing,
        health: storedHealthSchema,
      }),
    ),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    next_offset: z.number().int().nullable(),
  }),
  async handler(input, { em, account, now }) {
    const list = await getListOfAccount(em, account.id, input.list_id);
    const page = await listCompaniesPage(
      em,
      {
        listId: list.id,
        status: input.status,
        overdue: input.overdue,
        health: {
          grades: input.grade,
          riskLevels: input.risk_level,
          minScore: input.min_score,
          maxScore: input.max_score,
        },
        sort: input.sort,
        order: input.order,
        limit: input.limit,
        offset: input.offset,
      },
      now,
    );
    const end = input.offset + page.items.length;
    const health =
      list.webhookUrl === null
        ? null
        : await endpointHealthOf(em, { accountId: account.id, url: list.webhookUrl });
    return {
      list: {
        id: list.id,
        name: list.name,
        kind: list.kind,
        is_default: list.isDefault,
        webhook_url: list.webhookUrl,
        webhook_health: health === null ? null : toEndpointHealthView(health),
      },
      items: page.items.map((row) => ({
        company_number: row.companyNumber,
        company_name: row.companyName,
        company_status: row.companyStatus,
        added_at: row.addedAt.toISOString(),
        accounts: { next_due: row.accounts.nextDue, overdue: row.accounts.overdue },
        confirmation_statement: {
          next_due: row.confirmationStatement.nextDue,
          overdue: row.confirmationStatement.overdue,
        },
        health: row.health,
      })),
      total: page.total,
      limit: input.limit,
      offset: input.offset,
      next_offset: end < page.total ? end : null,
    };
  },
});
