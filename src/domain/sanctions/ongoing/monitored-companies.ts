import type { EntityManager } from '@mikro-orm/core';
import { knexOf } from '../../companies/register-sql';

/*
 * The companies ongoing screening re-screens: every company the register holds that is on any account's list or
 * watchlist, each once however many accounts monitor it (its matches are then written for each of them). Read in
 * company-number order, so a batch's last number is the cursor of the next.
 */

function monitoredNumbers(em: EntityManager) {
  const knex = knexOf(em);
  return knex
    .select('t.company_number')
    .from(
      knex
        .select('company_number')
        .from('list_companies')
        .union((union) => union.select('company_number').from('watchlist_entries'))
        .as('t'),
    )
    .join('companies as c', 'c.company_number', 't.company_number');
}

export async function monitoredCompaniesAfter(
  em: EntityManager,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const query = monitoredNumbers(em).orderBy('t.company_number').limit(limit);
  if (after !== null) query.where('t.company_number', '>', after);
  const rows = (await query) as { company_number: string }[];
  return rows.map((row) => row.company_number);
}

export async function countMonitoredCompanies(em: EntityManager): Promise<number> {
  const knex = knexOf(em);
  const [row] = (await knex.count({ n: '*' }).from(monitoredNumbers(em).as('m'))) as { n: number | string }[];
  return Number(row?.n ?? 0);
}
