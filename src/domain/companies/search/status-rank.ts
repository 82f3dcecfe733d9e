import type { CompanyStatus } from '../company-profile';

/*
 * Where a status ranks within a search tier (docs/register.md, "Ranking"): active, then other live statuses, then
 * insolvency, then closed. The same expression is an index key (migrations 0018, 0021, 0022, which hold a frozen
 * copy of it): SQLite and PostgreSQL use an expression index only for the very same expression, so a unit test
 * (test/unit/db/frozen-migration-rules.test.ts) fails when this one no longer matches, and a new rank needs a new
 * migration with new indexes.
 */

const CLOSED_STATUSES: readonly CompanyStatus[] = ['dissolved', 'converted-closed', 'removed', 'closed'];
const INSOLVENT_STATUSES: readonly CompanyStatus[] = [
  'liquidation',
  'receivership',
  'administration',
  'voluntary-arrangement',
  'insolvency-proceedings',
];

const quoted = (statuses: readonly CompanyStatus[]) => statuses.map((s) => `'${s}'`).join(',');

/** The rank of `column` (a company_status column reference) as SQL. */
export function statusRankSql(column: string): string {
  return (
    `case when ${column} = 'active' then 0 ` +
    `when ${column} in (${quoted(INSOLVENT_STATUSES)}) then 2 ` +
    `when ${column} in (${quoted(CLOSED_STATUSES)}) then 3 else 1 end`
  );
}

/** The rank of the companies table's status, aliased `c`. */
export const STATUS_RANK = statusRankSql('c.company_status');

export function statusRank(status: CompanyStatus): number {
  if (status === 'active') return 0;
  if (INSOLVENT_STATUSES.includes(status)) return 2;
  if (CLOSED_STATUSES.includes(status)) return 3;
  return 1;
}
