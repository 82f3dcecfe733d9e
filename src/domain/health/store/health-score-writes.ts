import type { EntityManager } from '@mikro-orm/core';
import { dialectOf, placeholders } from '../../companies/register-sql';
import type { HealthScoreSummary } from '../score-company';

/*
 * The refresh's writes to company_health_scores, in multi-row statements inside the caller's transaction: an
 * upsert of the scored companies (9 columns a row, 500 rows a statement: well under either database's limit on
 * bound values) and a delete of the companies taken but not scored (no longer on the register). The stored rows
 * are what a delete of every company taken followed by an insert of the scored ones would leave, with less index
 * work for a score that did not change.
 */

const ROWS_PER_STATEMENT = 500;
const COLUMNS = [
  'company_number',
  'model_version',
  'as_of',
  'valid_until',
  'score',
  'grade',
  'risk_level',
  'fired_codes',
  'computed_at',
] as const;
const UPSERT_TAIL =
  'on conflict (company_number) do update set ' +
  COLUMNS.slice(1)
    .map((column) => `${column} = excluded.${column}`)
    .join(', ');

async function runStatement(tx: EntityManager, sql: string, params: unknown[]): Promise<void> {
  await tx.getConnection().execute(sql, params, 'run', tx.getTransactionContext());
}

export async function storeHealthSummaries(
  tx: EntityManager,
  summaries: readonly HealthScoreSummary[],
  computedAt: Date,
): Promise<void> {
  // MikroORM keeps datetimes as epoch milliseconds on SQLite.
  const at = dialectOf(tx) === 'postgresql' ? computedAt : computedAt.getTime();
  const row = `(${placeholders(COLUMNS.length)})`;
  for (let i = 0; i < summaries.length; i += ROWS_PER_STATEMENT) {
    const chunk = summaries.slice(i, i + ROWS_PER_STATEMENT);
    await runStatement(
      tx,
      `insert into company_health_scores (${COLUMNS.join(', ')}) values ${chunk.map(() => row).join(', ')} ${UPSERT_TAIL}`,
      chunk.flatMap((summary) => [
        summary.companyNumber,
        summary.modelVersion,
        summary.asOf,
        summary.validUntil,
        summary.score,
        summary.grade,
        summary.riskLevel,
        JSON.stringify(summary.firedCodes),
        at,
      ]),
    );
  }
}

export async function deleteHealthScores(
  tx: EntityManager,
  companyNumbers: readonly string[],
): Promise<void> {
  for (let i = 0; i < companyNumbers.length; i += ROWS_PER_STATEMENT) {
    const chunk = companyNumbers.slice(i, i + ROWS_PER_STATEMENT);
    await runStatement(
      tx,
      `delete from company_health_scores where company_number in (${placeholders(chunk.length)})`,
      [...chunk],
    );
  }
}
