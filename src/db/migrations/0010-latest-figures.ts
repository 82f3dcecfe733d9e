import { Migration } from '@mikro-orm/migrations';
import {
  GROWTH_MEASURES,
  LATEST_FIGURES_COLUMNS,
  MEASURE_NAMES,
  growthColumn,
  latestFiguresOf,
  previousColumn,
  storedYear,
  type LatestFiguresRow,
} from './0010-latest-figures-rows';
import { isPostgres, runSchema } from './schema-builder';

/*
 * Each company's latest filed figures and growth, the screener's indexed row (issue 11). Money as double
 * precision: exact in whole pounds to 2^53, and a JS number from both drivers. One index per column a screen
 * ranges over or sorts by: a screen combines any of them, and SQLite and PostgreSQL both pick the most selective.
 * The rows are derived from accounts_years, so a store that already holds accounts years is backfilled here, in
 * the same transaction, by the rule as it stood then (0010-latest-figures-rows.ts).
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
    await backfill(
      (sql, params) => this.execute(sql, params) as Promise<Record<string, unknown>[]>,
      isPostgres(this) ? 'postgresql' : 'sqlite',
    );
  }
}

type SqlRunner = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

const COMPANIES_PER_BATCH = 500;

/** Every company's row from accounts_years, a batch of companies at a time. */
async function backfill(run: SqlRunner, dialect: 'sqlite' | 'postgresql'): Promise<void> {
  let after = '';
  for (;;) {
    const numbers = await run(
      'select distinct company_number from accounts_years where company_number > ? order by company_number limit ?',
      [after, COMPANIES_PER_BATCH],
    );
    if (numbers.length === 0) return;
    const last = String(numbers[numbers.length - 1]!.company_number);
    const stored = await run(
      'select * from accounts_years where company_number > ? and company_number <= ? order by company_number',
      [after, last],
    );
    const byCompany = new Map<string, ReturnType<typeof storedYear>[]>();
    for (const raw of stored) {
      const companyNumber = String(raw.company_number);
      byCompany.set(companyNumber, [...(byCompany.get(companyNumber) ?? []), storedYear(raw)]);
    }
    const rows = [...byCompany].flatMap(([companyNumber, years]): LatestFiguresRow[] => {
      const row = latestFiguresOf(companyNumber, years);
      return row === null ? [] : [row];
    });
    await run('delete from company_latest_figures where company_number > ? and company_number <= ?', [
      after,
      last,
    ]);
    if (rows.length > 0) await run(...insertSql(rows, dialect));
    after = last;
  }
}

function insertSql(rows: readonly LatestFiguresRow[], dialect: 'sqlite' | 'postgresql'): [string, unknown[]] {
  const tuple = `(${LATEST_FIGURES_COLUMNS.map(() => '?').join(', ')})`;
  // better-sqlite3 binds no booleans.
  const value = (v: unknown) => (typeof v === 'boolean' && dialect === 'sqlite' ? Number(v) : v);
  return [
    `insert into company_latest_figures (${LATEST_FIGURES_COLUMNS.join(', ')}) values ` +
      rows.map(() => tuple).join(', '),
    rows.flatMap((row) => LATEST_FIGURES_COLUMNS.map((column) => value(row[column]))),
  ];
}
