import { Migration } from '@mikro-orm/migrations';
import { isPostgres, runSchema } from './schema-builder';

/*
 * Health scores stored per company and the queue of companies to rescore (issue 11; the health store writes both).
 * - company_health_scores: one row per company, the summary lists and the screener filter and sort on (indexed
 *   grade, risk level and score). valid_until is indexed because the refresh picks the rows whose day has come;
 *   model_version because it picks the rows an older model scored.
 * - health_score_queue: companies whose data changed, written in the transaction that changed it.
 * - A register that already holds companies when this runs has no scores yet: every company is queued, and the
 *   next refresh (the change check, or `npm run cli -- health refresh`) scores them.
 */
export class Migration0008HealthScores extends Migration {
  override async up(): Promise<void> {
    await runSchema(
      this,
      this.getKnex()
        .schema.createTable('company_health_scores', (t) => {
          t.string('company_number', 8).primary();
          t.string('model_version', 20).notNullable();
          t.string('as_of', 10).notNullable();
          t.string('valid_until', 10).nullable();
          t.integer('score').nullable();
          t.string('grade', 1).nullable();
          t.string('risk_level', 10).nullable();
          t.text('fired_codes').notNullable();
          t.timestamp('computed_at', { useTz: true, precision: 3 }).notNullable();
          t.index(['grade'], 'company_health_scores_by_grade');
          t.index(['risk_level'], 'company_health_scores_by_risk_level');
          t.index(['score'], 'company_health_scores_by_score');
          t.index(['valid_until'], 'company_health_scores_by_valid_until');
          t.index(['model_version'], 'company_health_scores_by_model_version');
        })
        .createTable('health_score_queue', (t) => {
          t.string('company_number', 8).primary();
          t.timestamp('queued_at', { useTz: true, precision: 3 }).notNullable();
        }),
    );
    // MikroORM keeps datetimes as epoch milliseconds on SQLite.
    const now = isPostgres(this) ? new Date() : Date.now();
    await this.execute(
      'insert into health_score_queue (company_number, queued_at) select company_number, ? from companies',
      [now],
    );
  }
}
