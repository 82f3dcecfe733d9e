import type { EntityManager } from '@mikro-orm/core';
import type { CompanyList } from '../../db/entities/company-list';
import type { ListView } from './list-view';
import { overdueSql } from './overdue-sql';

interface CountRow {
  list_id: number;
  company_count: number | string;
  overdue_filings: number | string;
}

/**
 * Lists with their counts, from one grouped query over the account's memberships. Only companies the register
 * holds are counted, as get_list_companies lists only those. alert_count is 0 until alerts exist (there is no
 * alerts table yet; docs/decisions.md).
 */
export async function listViews(
  em: EntityManager,
  accountId: string,
  lists: readonly CompanyList[],
  asOf: Date,
): Promise<ListView[]> {
  if (lists.length === 0) return [];
  const overdue = overdueSql(asOf);
  const rows: CountRow[] = await em
    .getConnection()
    .execute(
      'select m.list_id, count(*) as company_count, ' +
        `sum(case when ${overdue.text} then 1 else 0 end) as overdue_filings ` +
        'from lists l join list_companies m on m.list_id = l.id ' +
        'join companies c on c.company_number = m.company_number ' +
        'where l.account_id = ? group by m.list_id',
      [...overdue.params, accountId],
    );
  // PostgreSQL answers count(*) and sum() as bigint, which its driver hands over as text.
  const counts = new Map(rows.map((row) => [Number(row.list_id), row]));
  return lists.map((list) => {
    const row = counts.get(list.id);
    return toListView(list, {
      companyCount: Number(row?.company_count ?? 0),
      overdueFilings: Number(row?.overdue_filings ?? 0),
    });
  });
}

export function toListView(
  list: CompanyList,
  counts: { companyCount: number; overdueFilings: number } = { companyCount: 0, overdueFilings: 0 },
): ListView {
  return {
    id: list.id,
    name: list.name,
    kind: list.kind,
    is_default: list.isDefault,
    company_count: counts.companyCount,
    overdue_filings: counts.overdueFilings,
    alert_count: 0,
    webhook_url: list.webhookUrl,
    alert_webhook: list.alertWebhook,
    created_at: list.createdAt.toISOString(),
  };
}
