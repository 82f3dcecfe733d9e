import type { EntityManager } from '@mikro-orm/core';

/** A row of company_health_scores as the tests compare it (the score as a number on both databases). */
export interface StoredHealthScore {
  company_number: string;
  model_version: string;
  as_of: string;
  valid_until: string | null;
  score: number | null;
  grade: string | null;
  risk_level: string | null;
  fired_codes: string;
}

/** Every stored health score, by company number. */
export async function storedHealthScores(em: EntityManager): Promise<StoredHealthScore[]> {
  const rows: StoredHealthScore[] = await em
    .getConnection()
    .execute(
      'select company_number, model_version, as_of, valid_until, score, grade, risk_level, fired_codes ' +
        'from company_health_scores order by company_number',
    );
  return rows.map((row) => ({ ...row, score: row.score === null ? null : Number(row.score) }));
}
