import { COMPANY_COLUMNS, type CompanyColumnValue } from '../../companies/company-record';

/*
 * Whether writing a register row changes anything the health score may read. Wider than the change feed's
 * tracked columns: the score also reads what the feed does not announce (next due dates, the incorporation
 * date, the accounting reference date), so every column counts except updated_at, which only says when the row
 * was written. An unchanged company in a re-imported register is not rescored.
 */

const COMPARED = COMPANY_COLUMNS.map((column, i) => [column, i] as const).filter(
  ([column]) => column !== 'updated_at',
);

/** One form for a value as the parser made it and as either driver reads it back (SQLite booleans are 0/1). */
function comparable(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return String(value.getTime());
  return String(value);
}

/**
 * `before`: the stored row keyed by column name, as the driver returns it; `values`: the row about to be written,
 * in COMPANY_COLUMNS order.
 */
export function registerRowNeedsRescore(
  before: Readonly<Record<string, unknown>>,
  values: readonly CompanyColumnValue[],
): boolean {
  return COMPARED.some(([column, i]) => {
    const old = comparable(before[column]);
    // The writers keep insolvency history once set (the bulk file may not know it): so does this comparison.
    if (column === 'has_insolvency_history' && old === '1') return false;
    return old !== comparable(values[i]);
  });
}
