import { healthGrades, type HealthGrade, type RiskLevel } from '../score-company';
import type { StoredHealth } from './stored-health-arguments';

/*
 * SQL over company_health_scores joined as `h` (left join: a company not scored yet has no row). The same text on
 * SQLite and PostgreSQL: score is an integer column on both, grade and risk level plain text.
 */

/** The join, on the column that holds the company number (e.g. `m.company_number`). */
export function storedHealthJoin(companyNumberColumn: string): string {
  return `left join company_health_scores h on h.company_number = ${companyNumberColumn}`;
}

export const STORED_HEALTH_COLUMNS =
  'h.score as health_score, h.grade as health_grade, h.risk_level as health_risk_level, ' +
  'h.as_of as health_as_of, h.model_version as health_model_version';

export interface StoredHealthFilter {
  grades?: readonly HealthGrade[];
  riskLevels?: readonly RiskLevel[];
  minScore?: number;
  maxScore?: number;
}

/** Conditions for `where`; any of them leaves out the companies with no stored score (or no score in it). */
export function storedHealthConditions(filter: StoredHealthFilter): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.grades?.length) {
    where.push(`h.grade in (${filter.grades.map(() => '?').join(', ')})`);
    params.push(...filter.grades);
  }
  if (filter.riskLevels?.length) {
    where.push(`h.risk_level in (${filter.riskLevels.map(() => '?').join(', ')})`);
    params.push(...filter.riskLevels);
  }
  if (filter.minScore !== undefined) {
    where.push('h.score >= ?');
    params.push(filter.minScore);
  }
  if (filter.maxScore !== undefined) {
    where.push('h.score <= ?');
    params.push(filter.maxScore);
  }
  return { where, params };
}

/** By score, companies without one last in either direction (the databases differ on where nulls go). */
export function storedScoreOrder(direction: 'asc' | 'desc'): string {
  return `case when h.score is null then 1 else 0 end, h.score ${direction}`;
}

/** Grade counts for a grouped query: one column per grade (grade_a…) and `grade_unscored`. */
export const GRADE_COUNT_COLUMNS = [
  ...healthGrades.map(
    (grade) => `sum(case when h.grade = '${grade}' then 1 else 0 end) as grade_${grade.toLowerCase()}`,
  ),
  'sum(case when h.grade is null then 1 else 0 end) as grade_unscored',
].join(', ');

export type GradeCounts = Record<HealthGrade | 'unscored', number>;

/** The counts of GRADE_COUNT_COLUMNS from a row (PostgreSQL sums arrive as text); zeros when there is no row. */
export function gradeCountsOf(
  row: { readonly [column: `grade_${string}`]: unknown } | undefined,
): GradeCounts {
  const counts = Object.fromEntries(
    healthGrades.map((grade) => [grade, Number(row?.[`grade_${grade.toLowerCase()}`] ?? 0)]),
  ) as GradeCounts;
  counts.unscored = Number(row?.grade_unscored ?? 0);
  return counts;
}

interface HealthColumns {
  health_score: number | string | null;
  health_grade: string | null;
  health_risk_level: string | null;
  health_as_of: string | null;
  health_model_version: string | null;
}

/** A row's STORED_HEALTH_COLUMNS as the list shows them; null when the company has no stored score. */
export function storedHealthOf(row: HealthColumns): StoredHealth {
  if (row.health_as_of === null || row.health_model_version === null) return null;
  return {
    score: row.health_score === null ? null : Number(row.health_score),
    grade: row.health_grade as HealthGrade | null,
    risk_level: row.health_risk_level as RiskLevel | null,
    as_of: row.health_as_of,
    model_version: row.health_model_version,
  };
}
