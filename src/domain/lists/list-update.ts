import type { EntityManager } from '@mikro-orm/core';
import type { CompanyList } from '../../db/entities/company-list';
import { isUniqueViolation } from '../../db/unique-violation';
import { applyWebhookChange, type ListWebhookChange } from './list-webhook';
import { getListOfAccount, listNameKey, listNameTaken } from './lists';

export interface ListChange extends ListWebhookChange {
  /** A new name (unique in the account whatever its case, as at creation); undefined keeps the name. */
  name?: string;
}

/**
 * PATCH /lists/{id}: a rename and a webhook change saved together or not at all. The webhook rules are checked
 * first; a name another list holds is refused by the unique index (account, name key) when the change is saved,
 * so two renames racing to one name cannot both succeed.
 */
export async function updateList(
  em: EntityManager,
  accountId: string,
  listId: number,
  change: ListChange,
  options: { devAllowedOrigins: readonly string[]; now: Date },
): Promise<CompanyList> {
  const list = await getListOfAccount(em, accountId, listId);
  applyWebhookChange(list, change, options.devAllowedOrigins);
  if (change.name !== undefined) {
    list.name = change.name.trim();
    list.nameKey = listNameKey(change.name);
  }
  list.updatedAt = options.now;
  try {
    await em.flush();
  } catch (error) {
    if (isUniqueViolation(error)) throw listNameTaken(list.name);
    throw error;
  }
  return list;
}
