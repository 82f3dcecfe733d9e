import type { EntityManager } from '@mikro-orm/core';

/*
 * CONTRACT SKELETON (issue 11, replaced by the health-score rules work): the names and shapes the storage,
 * lists and screener work build against. The implementation lands with the rule table.
 */

/** Bumped whenever a rule, weight or band changes: stored scores of another version are rescored. */
export const HEALTH_MODEL_VERSION = 'health-0';

export const healthGrades = ['A', 'B', 'C', 'D', 'E'] as const;
export type HealthGrade = (typeof healthGrades)[number];
export const riskLevels = ['low', 'moderate', 'high', 'severe'] as const;
export type RiskLevel = (typeof riskLevels)[number];

/** What is stored per company and shown on lists; the full explanation comes from get_health_score. */
export interface HealthScoreSummary {
  companyNumber: string;
  modelVersion: string;
  /** YYYY-MM-DD: the day the score describes. */
  asOf: string;
  /** null when there is not enough data to score (the reason is in the full result). */
  score: number | null;
  grade: HealthGrade | null;
  riskLevel: RiskLevel | null;
  /** First day (YYYY-MM-DD) on which the same data may score differently (a due date passes, a window ends). */
  validUntil: string | null;
  /** Codes of the rules that fired, for storage and list display. */
  firedCodes: string[];
}

/** Scores many companies as of one day, loading their data in bulk (a few queries per batch, not per company). */
export async function scoreCompaniesHealth(
  _em: EntityManager,
  _companyNumbers: readonly string[],
  _asOf: string,
): Promise<HealthScoreSummary[]> {
  throw new Error('health scoring is not implemented yet');
}
