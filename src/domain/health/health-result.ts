import { z } from 'zod';
import { confidenceSchema } from './health-confidence';
import { evidenceSchema } from './health-evidence';
import { healthCategories } from './rule-outcome';
import { healthGrades, riskLevels } from './health-model';

/** get_health_score's answer: the score, how it was reached, and everything it rests on. */

export const HEALTH_DISCLAIMER =
  'A rules-based indicator computed from public register data, not a credit rating: it does not predict ' +
  'whether the company will pay its debts, and it is only as complete as the data held.';

const category = z.enum(healthCategories);

export const healthSignalSchema = z.object({
  code: z.string().describe('Stable rule code (docs/health-score.md)'),
  title: z.string(),
  category,
  effect: z
    .number()
    .int()
    .describe('Points this rule took off 100 (negative), 0 when it only caps or lowers confidence'),
  cap: z.number().int().nullable().describe('The most the score may be while this holds; null when none'),
  detail: z.string().describe('The finding in plain English, with its dates and figures'),
  evidence: evidenceSchema,
});
export type HealthSignal = z.infer<typeof healthSignalSchema>;

export const healthScoreSchema = z.object({
  company_number: z.string(),
  company_name: z.string(),
  model_version: z
    .string()
    .describe('The rule set that computed the score; scores of different versions differ'),
  as_of: z.iso.date().describe('The day the score describes'),
  score: z.number().int().min(0).max(100).nullable().describe('0–100; null when there is not enough data'),
  grade: z.enum(healthGrades).nullable(),
  risk_level: z.enum(riskLevels).nullable(),
  score_unavailable_reason: z.string().nullable().describe('Why score is null; null when there is a score'),
  disclaimer: z.string(),
  calculation: z.string().nullable().describe('The sum: 100, minus each fired rule’s points, then any cap'),
  confidence: confidenceSchema,
  signals: z.array(healthSignalSchema).describe('Every rule that fired, in rule-table order'),
  checks_passed: z
    .array(z.object({ code: z.string(), title: z.string(), category, looked_at: z.string() }))
    .describe('Every rule checked that did not fire, with what it looked at'),
  missing_data: z.object({
    resources_not_imported: z
      .array(z.string())
      .describe('Detail resources never imported for the company: their absence says nothing'),
    rules_not_applied: z
      .array(z.object({ code: z.string(), title: z.string(), category, reason: z.string() }))
      .describe('Rules that could not be applied, and what they lacked'),
  }),
  reconstruction: z
    .array(z.string())
    .describe(
      'For a past as_of: how the register state on that day was rebuilt and what could not be; empty for today',
    ),
  valid_until: z.iso
    .date()
    .nullable()
    .describe(
      'First day on which the same data would score differently (a due date passes, a window ends); null when none',
    ),
});
export type HealthScore = z.infer<typeof healthScoreSchema>;
