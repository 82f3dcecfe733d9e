import type { EntityManager } from '@mikro-orm/core';
import { ListCompanyEntity } from '../../db/entities/list-company';
import { isFilingOverdue, isoDay, type CompanyStatus } from '../companies/company-profile';
import type { StoredHealth } from '../health/store/stored-health-arguments';
import {
  STORED_HEALTH_COLUMNS,
  storedHealthConditions,
  storedHealthJoin,
  storedHealthOf,
  storedScoreOrder,
  type StoredHealthFilter,
} from '../health/store/stored-health-sql';
import { overdueSql } from './overdue-sql';

export const listCompanySorts = ['name', 'number', 'added_at', 'score'] as const;
export type ListCompanySort = (typeof listCompanySorts)[number];

export interface ListCompaniesQuery {
  listId: number;
  status?: CompanyStatus;
  /** true: only companies with a filing overdue; false: only those with none. */
  overdue?: boolean;
  /** By the stored health score: companies without one are left out by any of these. */
  health?: StoredHealthFilter;
  sort: ListCompanySort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface ListCompanyRow {
  companyNumber: string;
  companyName: string;
  companyStatus: CompanyStatus;
  addedAt: Date;
  accounts: { nextDue: string | null; overdue: boolean };
  confirmationStatement: { nextDue: string | null; overdue: boolean };
  health: StoredHealth;
}

interface Row {
  list_id: number;
  company_number: string;
  added_at: unknown;
  company_name: string;
  company_status: CompanyStatus;
  next_accounts_due: string | null;
  confirmation_statement_next_due: string | null;
  health_score: number | string | null;
  health_grade: string | null;
  health_risk_level: string | null;
  health_as_of: string | null;
  health_model_version: string | null;
}

/*
 * Names sort on normalised_name, which both databases compare byte by byte: the same order on SQLite and
 * PostgreSQL. The company number breaks ties, so pages never overlap. Scores sort with the unscored last either
 * way.
 */
const ORDER: Record<ListCompanySort, (dir: 'asc' | 'desc') => string> = {
  name: (dir) => `c.normalised_name ${dir}, m.company_number ${dir}`,
  number: (dir) => `m.company_number ${dir}`,
  added_at: (dir) => `m.added_at ${dir}, m.company_number ${dir}`,
  score: (dir) => `${storedScoreOrder(dir)}, m.company_number ${dir}`,
};

/** One page of a list's companies that the register holds, with overdue flags as of `asOf`. */
export async function listCompaniesPage(
  em: EntityManager,
  query: ListCompaniesQuery,
  asOf: Date,
): Promise<{ items: ListCompanyRow[]; total: number }> {
  const where = ['m.list_id = ?'];
  const params: unknown[] = [query.listId];
  if (query.status !== undefined) {
    where.push('c.company_status = ?');
    params.push(query.status);
  }
  if (query.overdue !== undefined) {
    const overdue = overdueSql(asOf);
    where.push(query.overdue ? `(${overdue.text})` : `not (${overdue.text})`);
    params.push(...overdue.params);
  }
  const health = storedHealthConditions(query.health ?? {});
  where.push(...health.where);
  params.push(...health.params);
  const from =
    'from list_companies m join companies c on c.company_number = m.company_number ' +
    `${storedHealthJoin('m.company_number')} where ${where.join(' and ')}`;
  const order = ORDER[query.sort](query.order);
  const connection = em.getConnection();
  const [rows, counted]: [Row[], { total: number | string }[]] = await Promise.all([
    connection.execute(
      'select m.list_id, m.company_number, m.added_at, c.company_name, c.company_status, c.next_accounts_due, ' +
        `c.confirmation_statement_next_due, ${STORED_HEALTH_COLUMNS} ${from} order by ${order} limit ? offset ?`,
      [...params, query.limit, query.offset],
    ),
    connection.execute(`select count(*) as total ${from}`, params),
  ]);
  const day = isoDay(asOf);
  return {
    total: Number(counted[0]?.total ?? 0),
    items: rows.map((row) => ({
      companyNumber: row.company_number,
      companyName: row.company_name,
      companyStatus: row.company_status,
      // Through the entity's mapping: a raw row holds the time in its driver's own form (SQLite: epoch ms).
      addedAt: em.map(ListCompanyEntity, {
        list_id: row.list_id,
        company_number: row.company_number,
        added_at: row.added_at,
      }).addedAt,
      accounts: {
        nextDue: row.next_accounts_due,
        overdue: isFilingOverdue(row.next_accounts_due, row.company_status, day),
      },
      confirmationStatement: {
        nextDue: row.confirmation_statement_next_due,
        overdue: isFilingOverdue(row.confirmation_statement_next_due, row.company_status, day),
      },
      health: storedHealthOf(row),
    })),
  };
}
