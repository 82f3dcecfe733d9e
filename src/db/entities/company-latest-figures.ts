import { EntitySchema } from '@mikro-orm/core';
// The row's fields are this table's columns: the screener's row type is the column vocabulary.
import type { LatestFiguresRow } from '../../domain/screening/latest-figures-row';

/**
 * A company's latest accounts figures and growth (the screener decides what goes in): its indexed row, kept in
 * step with accounts_years by the accounts importer. Property names are the column names. Each column's type and
 * nullability is written here, where the table is, and checked by the compiler against the row's zod schema (the
 * one definition of the row): a column added, dropped, retyped or made nullable there fails to compile here.
 */
type ColumnOf<Value> = {
  type: [Value] extends [number | null] ? 'double' : [Value] extends [boolean] ? 'boolean' : 'string';
  nullable: null extends Value ? true : false;
};
type Columns = { [Column in keyof LatestFiguresRow]-?: ColumnOf<LatestFiguresRow[Column]> };

const text = { type: 'string', nullable: false } as const;
const optionalText = { type: 'string', nullable: true } as const;
const amount = { type: 'double', nullable: true } as const;

const columns: Columns = {
  company_number: text,
  period_end: text,
  period_start: optionalText,
  basis: text,
  origin: text,
  profit_and_loss_filed: { type: 'boolean', nullable: false },
  document: text,
  document_period_end: optionalText,
  turnover: amount,
  gross_profit: amount,
  operating_profit: amount,
  profit_loss: amount,
  net_assets: amount,
  total_assets_less_current_liabilities: amount,
  current_assets: amount,
  cash: amount,
  creditors_within_one_year: amount,
  employees: amount,
  previous_period_end: optionalText,
  previous_turnover: amount,
  previous_profit_loss: amount,
  previous_net_assets: amount,
  previous_cash: amount,
  previous_employees: amount,
  turnover_growth: amount,
  profit_loss_growth: amount,
  net_assets_growth: amount,
  cash_growth: amount,
  employees_growth: amount,
};

export const CompanyLatestFiguresEntity = new EntitySchema<LatestFiguresRow>({
  name: 'CompanyLatestFigures',
  tableName: 'company_latest_figures',
  properties: Object.fromEntries(
    Object.entries(columns).map(([column, { type, nullable }]) => [
      column,
      { type, fieldName: column, nullable, ...(column === 'company_number' ? { primary: true } : {}) },
    ]),
  ) as never,
});
