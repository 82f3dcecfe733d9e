import type { EntityManager } from '@mikro-orm/core';
import { evaluateHealth } from './evaluate-health';
import type { HealthScore } from './health-result';
import type { HealthGrade, RiskLevel } from './health-model';
import { loadHealthFacts } from './load-health-facts';

/*
 * Health scores: the full explanation of one company (get_health_score) and the summaries of many, which the
 * store keeps per company and lists show. Both come from the same facts and the same evaluation, so a stored
 * summary is exactly what get_health_score would say on its day.
 */

// The model's names live in health-model.ts (the rules import them too); this module is where callers find them.
export {
  HEALTH_MODEL_VERSION,
  healthGrades,
  riskLevels,
  type HealthGrade,
  type RiskLevel,
} from './health-model';

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

export function summaryOf(result: HealthScore): HealthScoreSummary {
  return {
    companyNumber: result.company_number,
    modelVersion: result.model_version,
    asOf: result.as_of,
    score: result.score,
    grade: result.grade,
    riskLevel: result.risk_level,
    validUntil: result.valid_until,
    firedCodes: result.signals.map((signal) => signal.code),
  };
}

/** Full health scores on one day, for the companies found (in company number order). */
export async function healthScores(
  em: EntityManager,
  companyNumbers: readonly string[],
  asOf: string,
): Promise<HealthScore[]> {
  const loaded = await loadHealthFacts(em, companyNumbers, asOf);
  return [...loaded.values()].map(({ facts, feedReachesDay }) =>
    evaluateHealth(facts, asOf, { feedReachesDay }),
  );
}

/** Scores many companies as of one day, loading their data in bulk (a few queries per batch, not per company). */
export async function scoreCompaniesHealth(
  em: EntityManager,
  companyNumbers: readonly string[],
  asOf: string,
): Promise<HealthScoreSummary[]> {
  return (await healthScores(em, companyNumbers, asOf)).map(summaryOf);
}
