import type { EntityManager } from '@mikro-orm/core';
import { AccountsYearEntity, type AccountsYear } from '../../db/entities/accounts-year';
import { CompanyLatestFiguresEntity } from '../../db/entities/company-latest-figures';
import { accountsYearView } from '../financials/read-accounts';
import { latestFiguresOf } from './latest-figures';
import { LATEST_FIGURES_COLUMNS, type LatestFiguresRow } from './latest-figures-row';

/**
 * Rewrites one company's latest-figures row from the accounts years the store holds, through `em` (the accounts
 * importer calls it inside the transaction that wrote the years, so the row and the years commit together).
 */
export async function refreshLatestFigures(em: EntityManager, companyNumber: string): Promise<void> {
  const years = await em.find(AccountsYearEntity, { companyNumber });
  const row = latestFiguresOf(companyNumber, years.map(accountsYearView));
  if (row === null) await em.nativeDelete(CompanyLatestFiguresEntity, { company_number: companyNumber });
  else await em.upsert(CompanyLatestFiguresEntity, row);
}

/** Runs one SQL statement and returns its rows: a migration's execute, or a connection's. */
export type SqlRunner = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

const COMPANIES_PER_BATCH = 500;

/**
 * Rebuilds every company's row from accounts_years, a batch of companies at a time (rows of a batch deleted and
 * rewritten together): how a store that held accounts years before the table existed gets its rows (migration
 * 0010 runs it). Returns the number of companies with a row.
 */
export async function rebuildLatestFigures(
  run: SqlRunner,
  dialect: 'sqlite' | 'postgresql',
): Promise<number> {
  let after = '';
  let written = 0;
  for (;;) {
    const numbers = await run(
      'select distinct company_number from accounts_years where company_number > ? order by company_number limit ?',
      [after, COMPANIES_PER_BATCH],
    );
    if (numbers.length === 0) return written;
    const last = String(numbers[numbers.length - 1]!.company_number);
    const stored = await run(
      'select * from accounts_years where company_number > ? and company_number <= ? order by company_number',
      [after, last],
    );
    const byCompany = new Map<string, AccountsYear[]>();
    for (const raw of stored) {
      const year = storedYear(raw);
      byCompany.set(year.companyNumber, [...(byCompany.get(year.companyNumber) ?? []), year]);
    }
    const rows = [...byCompany].flatMap(
      ([companyNumber, years]) => latestFiguresOf(companyNumber, years.map(accountsYearView)) ?? [],
    );
    await run('delete from company_latest_figures where company_number > ? and company_number <= ?', [
      after,
      last,
    ]);
    if (rows.length > 0) await run(...insertSql(rows, dialect));
    written += rows.length;
    after = last;
  }
}

function storedYear(raw: Record<string, unknown>): AccountsYear {
  const text = (column: string) => (raw[column] === null ? null : String(raw[column]));
  return {
    companyNumber: String(raw.company_number),
    periodEnd: String(raw.period_end),
    basis: String(raw.basis),
    origin: String(raw.origin),
    periodStart: text('period_start'),
    profitAndLossFiled: Boolean(raw.profit_and_loss_filed),
    measures: String(raw.measures),
    document: String(raw.document),
    documentPeriodEnd: text('document_period_end'),
    accountsType: text('accounts_type'),
    accountingStandard: text('accounting_standard'),
    problems: String(raw.problems),
  };
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
