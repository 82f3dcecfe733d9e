import { EntitySchema } from '@mikro-orm/core';
// The grade and risk_level columns hold the health model's grades and risk levels: the columns' vocabulary.
import type { HealthGrade, RiskLevel } from '../../domain/health/health-model';

/**
 * A company's health score as last computed (the health store), so lists and the screener read one indexed
 * row instead of scoring on every read. Rescored when its data changes (health_score_queue), when `validUntil`
 * comes, or when the model version moves on.
 */
export interface CompanyHealthScore {
  companyNumber: string;
  modelVersion: string;
  /** YYYY-MM-DD: the day the score describes. */
  asOf: string;
  /** YYYY-MM-DD: the first day the same data may score differently; null when only new data can change it. */
  validUntil: string | null;
  /** null when there was not enough data to score. */
  score: number | null;
  grade: HealthGrade | null;
  riskLevel: RiskLevel | null;
  /** JSON array of the codes of the rules that fired. */
  firedCodes: string;
  computedAt: Date;
}

export const CompanyHealthScoreEntity = new EntitySchema<CompanyHealthScore>({
  name: 'CompanyHealthScore',
  tableName: 'company_health_scores',
  properties: {
    companyNumber: { type: 'string', primary: true, fieldName: 'company_number' },
    modelVersion: { type: 'string', fieldName: 'model_version' },
    asOf: { type: 'string', fieldName: 'as_of' },
    validUntil: { type: 'string', fieldName: 'valid_until', nullable: true },
    score: { type: 'integer', nullable: true },
    grade: { type: 'string', nullable: true },
    riskLevel: { type: 'string', fieldName: 'risk_level', nullable: true },
    firedCodes: { type: 'text', fieldName: 'fired_codes' },
    computedAt: { type: 'datetime', fieldName: 'computed_at' },
  },
});
