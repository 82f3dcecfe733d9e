import { z } from 'zod';
import { kybCheckNotPerformedSchema } from './kyb-checks-not-performed';
import { kybOutcomeSchema } from './kyb-outcome';
import { kybCheckSchema, kybReasonCodeSchema } from './kyb-reasons';

/** Said in every result, as the product spec requires. */
export const KYB_DISCLAIMER =
  'A KYB check supports your own due diligence and does not replace it. It reports what the register and the ' +
  'lists this service holds said when the check ran, and they can be incomplete or out of date. A sanctions name ' +
  'match is not a finding that anyone is sanctioned.';

export const kybReasonSchema = z.object({
  code: kybReasonCodeSchema,
  outcome: kybOutcomeSchema.describe('The outcome this reason leads to (docs/kyb.md)'),
  title: z.string(),
  detail: z.string().describe('The reason in words, with its values'),
  evidence: z.record(z.string(), z.unknown()).describe('What the reason was decided on; fields per code'),
});
export type KybReason = z.infer<typeof kybReasonSchema>;

export const kybCheckPerformedSchema = z.object({
  check: kybCheckSchema,
  description: z.string(),
  outcome: kybOutcomeSchema.describe(
    'The most severe outcome among the reasons this check gave; pass for none',
  ),
  reason_codes: z.array(kybReasonCodeSchema),
  detail: z.string().describe('What the check saw, also when it passed'),
});
export type KybCheckPerformed = z.infer<typeof kybCheckPerformedSchema>;

export const sanctionsListVersionRefSchema = z.object({
  list: z.string(),
  id: z.string(),
  published_on: z.string().nullable(),
});

export const kybInputsUsedSchema = z.object({
  as_of: z.iso.date().describe('The day overdue filings and the company’s age were judged on (UTC)'),
  company_snapshot_at: z.iso
    .datetime()
    .nullable()
    .describe('When the register record read was last written; null when no company was identified'),
  sanctions_list_versions: z
    .array(sanctionsListVersionRefSchema)
    .describe('The sanctions list versions screened against; empty when none was held or none screened'),
  health_model_version: z.string().nullable().describe('The health score model used; null when none was'),
});

export const kybCheckResultSchema = z.object({
  id: z.string(),
  created_at: z.iso.datetime(),
  client_reference: z.string(),
  stated_company_name: z.string(),
  company_number: z.string().nullable().describe('The company checked; null when none could be identified'),
  company_name: z.string().nullable().describe('Its registered name when checked'),
  outcome: kybOutcomeSchema,
  decided_by: kybReasonCodeSchema.describe('The reason that decided the outcome'),
  decision: z.string().describe('Why the outcome is what it is, in words'),
  reasons: z.array(kybReasonSchema).describe('Every reason given, in the order of the reason table'),
  checks_performed: z
    .array(kybCheckPerformedSchema)
    .describe('Every check that ran, including those that passed; only company when none was identified'),
  checks_not_performed: z
    .array(kybCheckNotPerformedSchema)
    .describe('What the check does not look at, each with why: a pass says nothing about these'),
  inputs: kybInputsUsedSchema,
  idempotency_key: z.string().nullable(),
  disclaimer: z.string(),
});
export type KybCheckResult = z.infer<typeof kybCheckResultSchema>;
