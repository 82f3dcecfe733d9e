/** Bumped whenever a rule, weight or band changes: stored scores of another version are rescored. */
export const HEALTH_MODEL_VERSION = 'health-2';

export const healthGrades = ['A', 'B', 'C', 'D', 'E'] as const;
export type HealthGrade = (typeof healthGrades)[number];
export const riskLevels = ['low', 'moderate', 'high', 'severe'] as const;
export type RiskLevel = (typeof riskLevels)[number];
