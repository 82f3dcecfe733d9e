import type { EntityManager } from '@mikro-orm/core';
import { CompanyListEntity, type CompanyList, type ListKind } from '../../db/entities/company-list';
import { isUniqueViolation } from '../../db/unique-violation';
import { ServiceError, notFound } from '../errors';

/** What is unique per account: names differing only in case or surrounding space are the same name. */
export function listNameKey(name: string): string {
  return name.trim().toLowerCase();
}

export async function createList(
  em: EntityManager,
  input: { accountId: string; name: string; kind: ListKind; isDefault?: boolean },
  now: Date,
): Promise<CompanyList> {
  const list: Omit<CompanyList, 'id'> = {
    accountId: input.accountId,
    name: input.name.trim(),
    nameKey: listNameKey(input.name),
    kind: input.kind,
    isDefault: input.isDefault ?? false,
    webhookUrl: null,
    alertWebhook: false,
    sanctionsAlerts: false,
    standardWebhooks: false,
    createdAt: now,
    updatedAt: now,
  };
  try {
    const id = await em.insert<CompanyList>(CompanyListEntity, list);
    return { ...list, id: Number(id) };
  } catch (error) {
    if (isUniqueViolation(error)) throw listNameTaken(list.name);
    throw error;
  }
}

/** The refusal of a name another list of the account has (in any case): creating and renaming say the same. */
export function listNameTaken(name: string): ServiceError {
  return new ServiceError('conflict', `A list named "${name}" already exists`, { field: 'name', name });
}

/**
 * One of the account's lists. Another account's list is "not found", never "forbidden": the answer must not
 * tell anyone that a list id exists elsewhere.
 */
export async function getListOfAccount(
  em: EntityManager,
  accountId: string,
  listId: number,
): Promise<CompanyList> {
  const list = await em.findOne(CompanyListEntity, { id: listId, accountId });
  if (!list) throw notFound('List', { list_id: listId });
  return list;
}

export async function listsOfAccount(em: EntityManager, accountId: string): Promise<CompanyList[]> {
  return em.find(CompanyListEntity, { accountId }, { orderBy: { id: 'asc' } });
}

/** Its companies go with it (foreign key cascade); the companies themselves stay on the register. */
export async function deleteList(em: EntityManager, accountId: string, listId: number): Promise<void> {
  const deleted = await em.nativeDelete(CompanyListEntity, { id: listId, accountId });
  if (deleted === 0) throw notFound('List', { list_id: listId });
}
