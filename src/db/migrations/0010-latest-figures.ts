import { Migration } from '@mikro-orm/migrations';
import { MEASURE_NAMES } from '../../domain/financials/accounts-measures';
import { GROWTH_MEASURES, growthColumn, previousColumn } from '../../domain/screening/latest-figures-row';
import { rebuildLatestFigures } from '../../domain/screening/refresh-latest-figures';
import { isPostgres, runSchema } from './schema-builder';

/*
 * Each company's latest filed figures and growth, the screener's indexed row (issue 11; the rules are
 * domain/screening/latest-figures.ts, the columns its row schema). Money as double precision: exact in whole
 * pounds to 2^53, and a JS number from both drivers. One index per column a screen ranges over or sorts by: a
 * screen combines any of them, and SQLite and PostgreSQL both pick the most selective. The rows are derived from
 * accounts_years, so a store that already holds accounts years is backfilled here, in the same transaction.
 */
export class Migration0010LatestFigures extends Migration {
  override async up(): Promise<void> {
    const indexed = ['period_end', ...MEASURE_NAMES, ...GROWTH_MEASURES.map(growthColumn)];
    await runSchema(
      this,
      this.getKnex().schema.createTable('company_latest_figures', (t) => {
        t.string('company_number', 8).primary().references('companies.company_number').onDelete('CASCADE');
        t.string('period_end', 10).notNullable();
        t.string('period_start', 10).nullable();
        t.string('basis', 10).notNullable();
        t.string('origin', 12).notNullable();
        t.boolean('profit_and_loss_filed').notNullable();
        t.text('document').notNullable();
        t.string('document_period_end', 10).nullable();
        for (const measure of MEASURE_NAMES) t.double(measure).nullable();
        t.string('previous_period_end', 10).nullable();
        for (const measure of GROWTH_MEASURES) t.double(previousColumn(measure)).nullable();
        for (const measure of GROWTH_MEASURES) t.double(growthColumn(measure)).nullable();
        for (const column of indexed) t.index([column], `company_latest_figures_${column}`);
      }),
    );
    await rebuildLatestFigures(
      (sql, params) => this.execute(sql, params) as Promise<Record<string, unknown>[]>,
      isPostgres(this) ? 'postgresql' : 'sqlite',
    );
  }
}
