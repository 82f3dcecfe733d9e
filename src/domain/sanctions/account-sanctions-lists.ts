import type { EntityManager } from '@mikro-orm/core';
import { knexOf } from '../companies/register-sql';
import { sanctionsListIds, type SanctionsListId } from './sanctions-lists';

/*
 * The lists an account screens against. No choice recorded means every list held (the default, so a list the
 * service starts holding is screened without anyone asking); a choice names lists, held or not yet, in the
 * lists' table order.
 */

/** The account's chosen lists; null when it has made no choice (every list held is screened). */
export async function chosenSanctionsLists(
  em: EntityManager,
  accountId: string,
): Promise<SanctionsListId[] | null> {
  const rows = (await knexOf(em)('account_sanctions_lists')
    .where({ account_id: accountId })
    .select('list_id')) as { list_id: string }[];
  if (rows.length === 0) return null;
  const chosen = new Set(rows.map((row) => row.list_id));
  return sanctionsListIds.filter((list) => chosen.has(list));
}

/** Replaces the account's choice; null goes back to the default (every list held). All or nothing. */
export async function chooseSanctionsLists(
  em: EntityManager,
  accountId: string,
  lists: readonly SanctionsListId[] | null,
): Promise<void> {
  await knexOf(em).transaction(async (trx) => {
    await trx('account_sanctions_lists').where({ account_id: accountId }).delete();
    if (lists !== null && lists.length > 0)
      await trx('account_sanctions_lists').insert(
        [...new Set(lists)].map((list) => ({ account_id: accountId, list_id: list })),
      );
  });
}
