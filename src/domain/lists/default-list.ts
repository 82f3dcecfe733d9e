import type { EntityManager } from '@mikro-orm/core';
import { CompanyListEntity, type CompanyList, type ListKind } from '../../db/entities/company-list';
import { isUniqueViolation } from '../../db/unique-violation';
import { ServiceError } from '../errors';
import { listNameKey } from './lists';

export const DEFAULT_LIST_NAME = 'Default';
export const DEFAULT_LIST_KIND: ListKind = 'portfolio';

/**
 * The list add_companies_to_list uses when none is named: the account's default list, created on first use.
 * A list the customer already called "Default" becomes the default rather than blocking it. Concurrent first
 * calls race on the unique indexes (one default per account, one name per account); the loser reads what the
 * winner wrote, so every call ends on the same list.
 */
export async function findOrCreateDefaultList(
  em: EntityManager,
  accountId: string,
  now: Date,
): Promise<{ list: CompanyList; created: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await em.findOne(CompanyListEntity, { accountId, isDefault: true });
    if (existing) return { list: existing, created: false };
    try {
      const named = await em.findOne(CompanyListEntity, {
        accountId,
        nameKey: listNameKey(DEFAULT_LIST_NAME),
      });
      if (named) {
        await em.nativeUpdate(CompanyListEntity, { id: named.id }, { isDefault: true, updatedAt: now });
        return { list: { ...named, isDefault: true, updatedAt: now }, created: false };
      }
      const list: Omit<CompanyList, 'id'> = {
        accountId,
        name: DEFAULT_LIST_NAME,
        nameKey: listNameKey(DEFAULT_LIST_NAME),
        kind: DEFAULT_LIST_KIND,
        isDefault: true,
        webhookUrl: null,
        alertWebhook: false,
        sanctionsAlerts: false,
        standardWebhooks: false,
        createdAt: now,
        updatedAt: now,
      };
      const id = await em.insert<CompanyList>(CompanyListEntity, list);
      return { list: { ...list, id: Number(id) }, created: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new ServiceError('unavailable', 'The default list could not be created; try again');
}
