import { alertTypesOf, minSeverityOf } from '../webhooks/alert-routing';
import { endpointsOfAccount, toEndpointHealthView } from '../webhooks/endpoint-health';
import type { EntityManager } from '@mikro-orm/core';
import type { CompanyList } from '../../db/entities/company-list';
import {
  GRADE_COUNT_COLUMNS,
  gradeCountsOf,
  storedHealthJoin,
  type GradeCounts,
} from '../health/store/stored-health-sql';
import type { ListView } from './list-view';
import { overdueSql } from './overdue-sql';

interface CountRow {
  list_id: number;
  company_count: number | string;
  overdue_filings: number | string;
  alert_count: number | string;
  open_potential_matches: number | string;
  [gradeCount: `grade_${string}`]: number | string;
}

interface ListCounts {
  webhookHealth?: ListView['webhook_health'];
  companyCount: number;
  overdueFilings: number;
  alertCount: number;
  openPotentialMatches: number;
  healthGrades: GradeCounts;
}

/**
 * Lists with their counts, from one grouped query over the account's memberships. Only companies the register
 * holds are counted, as get_list_companies lists only those. alert_count is every alert the account holds on the
 * companies on the list now, whenever raised (docs/decisions.md): the account's alerts are counted per company
 * once, in a derived table, and summed over each list's memberships. Health grades are the stored scores'
 * (domain/health/store), as they stand: a score waiting for its refresh shows until it is refreshed.
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
        `sum(case when ${overdue.text} then 1 else 0 end) as overdue_filings, ` +
        `sum(coalesce(a.alerts, 0)) as alert_count, sum(coalesce(p.open_matches, 0)) as open_potential_matches, ` +
        `${GRADE_COUNT_COLUMNS} ` +
        'from lists l join list_companies m on m.list_id = l.id ' +
        'join companies c on c.company_number = m.company_number ' +
        `${storedHealthJoin('m.company_number')} ` +
        'left join (select company_number, count(*) as alerts from alerts where account_id = ? ' +
        'group by company_number) a on a.company_number = m.company_number ' +
        'left join (select company_number, count(*) as open_matches from screening_matches ' +
        "where account_id = ? and status = 'open' group by company_number) p " +
        'on p.company_number = m.company_number ' +
        'where l.account_id = ? group by m.list_id',
      [...overdue.params, accountId, accountId, accountId],
    );
  // PostgreSQL answers count(*) and sum() as bigint, which its driver hands over as text.
  const counts = new Map(rows.map((row) => [Number(row.list_id), row]));
  const health = new Map((await endpointsOfAccount(em, accountId)).map((row) => [row.url, row]));
  return lists.map((list) => {
    const row = counts.get(list.id);
    const endpoint = list.webhookUrl === null ? undefined : health.get(list.webhookUrl);
    return toListView(list, {
      webhookHealth: endpoint === undefined ? null : toEndpointHealthView(endpoint),
      companyCount: Number(row?.company_count ?? 0),
      overdueFilings: Number(row?.overdue_filings ?? 0),
      alertCount: Number(row?.alert_count ?? 0),
      openPotentialMatches: Number(row?.open_potential_matches ?? 0),
      healthGrades: gradeCountsOf(row),
    });
  });
}

export function toListView(
  list: CompanyList,
  counts: ListCounts = {
    companyCount: 0,
    overdueFilings: 0,
    alertCount: 0,
    openPotentialMatches: 0,
    healthGrades: gradeCountsOf(undefined),
  },
): ListView {
  return {
    id: list.id,
    name: list.name,
    kind: list.kind,
    is_default: list.isDefault,
    company_count: counts.companyCount,
    overdue_filings: counts.overdueFilings,
    alert_count: counts.alertCount,
    health_grades: counts.healthGrades,
    webhook_url: list.webhookUrl,
    alert_webhook: list.alertWebhook,
    sanctions_alerts: list.sanctionsAlerts,
    standard_webhooks: list.standardWebhooks,
    alert_types: alertTypesOf(list.alertTypes ?? null) ?? [],
    min_severity: minSeverityOf(list.minSeverity ?? null) ?? 'info',
    webhook_health: counts.webhookHealth ?? null,
    open_potential_matches: counts.openPotentialMatches,
    created_at: list.createdAt.toISOString(),
  };
}
