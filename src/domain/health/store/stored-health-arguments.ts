import { z } from 'zod';
import { healthGrades, riskLevels, type HealthGrade, type RiskLevel } from '../score-company';

/*
 * Arguments that filter by a stored health score, shared by every operation that reads company_health_scores
 * (get_list_companies; the screener may take the same). A query string carries a set as "A,B", so a set is one
 * comma-separated text; a value outside the vocabulary names itself in the error.
 */

function commaSet<T extends string>(vocabulary: readonly T[], normalise: (value: string) => string) {
  return z
    .string()
    .min(1)
    .max(60)
    .transform((text, context) => {
      const values = text.split(',').map((value) => normalise(value.trim()));
      const unknown = values.filter((value) => !(vocabulary as readonly string[]).includes(value));
      if (unknown.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `unknown value ${unknown.map((value) => JSON.stringify(value)).join(', ')}: give one or more of ${vocabulary.join(', ')}, comma-separated`,
        });
        return z.NEVER;
      }
      return [...new Set(values)] as T[];
    });
}

export const gradeSetArgument = commaSet<HealthGrade>(healthGrades, (value) => value.toUpperCase()).describe(
  `Health grade, or several comma-separated (${healthGrades.join(', ')}; A is healthiest)`,
);

export const riskLevelSetArgument = commaSet<RiskLevel>(riskLevels, (value) => value.toLowerCase()).describe(
  `Health risk level, or several comma-separated (${riskLevels.join(', ')})`,
);

export const scoreBoundArgument = z.coerce.number().int().min(0).max(100);

/** What a company row shows of its stored score; null when it has not been scored yet. */
export const storedHealthSchema = z
  .object({
    score: z.number().int().min(0).max(100).nullable().describe('0–100; null when there was not enough data'),
    grade: z.enum(healthGrades).nullable(),
    risk_level: z.enum(riskLevels).nullable(),
    as_of: z.iso.date().describe('The day the stored score describes'),
    model_version: z.string(),
  })
  .nullable()
  .describe('The stored health score (get_health_score explains it); null: not scored yet');

export type StoredHealth = z.infer<typeof storedHealthSchema>;
