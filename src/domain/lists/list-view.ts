import { z } from 'zod';
import { alertTypes, severities } from '../webhooks/events';
import { listKinds } from '../../db/entities/company-list';
import { healthGrades } from '../health/score-company';
import { endpointHealthView } from '../webhooks/endpoint-health';

export const listKindSchema = z.enum(listKinds);

export const listIdSchema = z.coerce
  .number()
  .int()
  .min(1)
  // The column is a 32-bit integer on PostgreSQL; a larger id can name no list.
  .max(2_147_483_647)
  .describe('List id, from get_lists or create_list');

/** How many of a list's companies have each stored health grade; unscored: not scored yet, or not enough data. */
export const healthGradeCountsSchema = z
  .object({
    ...Object.fromEntries(healthGrades.map((grade) => [grade, z.number().int().nonnegative()])),
    unscored: z.number().int().nonnegative(),
  } as Record<(typeof healthGrades)[number] | 'unscored', z.ZodNumber>)
  .describe(
    'Companies on the list by stored health grade (A healthiest … E); unscored: not scored yet or not enough data',
  );

/** A list as get_lists and create_list show it. */
export const listViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: listKindSchema,
  is_default: z.boolean().describe('True on the list add_companies_to_list uses when no list_id is given'),
  company_count: z.number().int().nonnegative(),
  overdue_filings: z
    .number()
    .int()
    .nonnegative()
    .describe('Companies on the list whose accounts or confirmation statement are overdue today'),
  alert_count: z.number().int().nonnegative().describe('Alerts raised on the list’s companies'),
  health_grades: healthGradeCountsSchema,
  webhook_url: z.string().nullable(),
  alert_webhook: z.boolean().describe('True when the list’s changes are sent to webhook_url'),
  sanctions_alerts: z
    .boolean()
    .describe('True when potential sanctions matches of ongoing screening are sent to webhook_url'),
  standard_webhooks: z
    .boolean()
    .describe('True when deliveries to webhook_url also carry the Standard Webhooks headers'),
  alert_types: z.array(z.enum(alertTypes)).describe('The alert types sent to webhook_url; empty: every type'),
  min_severity: z.enum(severities).describe('The lowest severity sent to webhook_url; info: every alert'),
  webhook_health: endpointHealthView
    .nullable()
    .describe(
      'How webhook_url is doing (shared with every list and entry of the account naming it); null before its first attempt',
    ),
  open_potential_matches: z
    .number()
    .int()
    .nonnegative()
    .describe(
      'Open potential sanctions matches (ongoing screening) on the list’s companies, awaiting a decision',
    ),
  created_at: z.iso.datetime(),
});

export type ListView = z.infer<typeof listViewSchema>;

/** How an operation names the list it acted on. */
export const listRefSchema = listViewSchema.pick({ id: true, name: true, kind: true, is_default: true });
