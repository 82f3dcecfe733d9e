import type { HealthGrade, RiskLevel } from './health-model';

/*
 * Grade and risk bands from the score, published in docs/health-score.md (a test compares them). A terminal or
 * insolvency status makes the risk severe whatever the score.
 */

export const GRADE_BANDS: readonly { grade: HealthGrade; minScore: number }[] = [
  { grade: 'A', minScore: 85 },
  { grade: 'B', minScore: 70 },
  { grade: 'C', minScore: 55 },
  { grade: 'D', minScore: 40 },
  { grade: 'E', minScore: 0 },
];

export const RISK_BANDS: readonly { riskLevel: RiskLevel; minScore: number }[] = [
  { riskLevel: 'low', minScore: 75 },
  { riskLevel: 'moderate', minScore: 50 },
  { riskLevel: 'high', minScore: 25 },
  { riskLevel: 'severe', minScore: 0 },
];

export function gradeOf(score: number): HealthGrade {
  return GRADE_BANDS.find((band) => score >= band.minScore)!.grade;
}

export function riskLevelOf(score: number, severe: boolean): RiskLevel {
  return severe ? 'severe' : RISK_BANDS.find((band) => score >= band.minScore)!.riskLevel;
}
