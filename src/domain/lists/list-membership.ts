import type { EntityManager } from '@mikro-orm/core';
import { CompanyEntity } from '../../db/entities/company';
import { ListCompanyEntity } from '../../db/entities/list-company';
import { notFound } from '../errors';

export const MAX_COMPANIES_PER_ADD = 100;

export type AddOutcome = 'added' | 'already_on_list' | 'not_found';

export interface AddResult {
  companyNumber: string;
  companyName: string | null;
  outcome: AddOutcome;
}

/**
 * Adds companies (numbers already normalised and de-duplicated) to a list. A number the register does not hold
 * is reported, not fatal: one stale number in a pasted column should not lose the other 99. A company already on
 * the list is reported as such and keeps its first added_at.
 */
export async function addCompaniesToList(
  em: EntityManager,
  listId: number,
  companyNumbers: readonly string[],
  now: Date,
): Promise<AddResult[]> {
  const [companies, present] = await Promise.all([
    em.find(
      CompanyEntity,
      { companyNumber: { $in: [...companyNumbers] } },
      { fields: ['companyNumber', 'companyName'] },
    ),
    em.find(ListCompanyEntity, { listId, companyNumber: { $in: [...companyNumbers] } }),
  ]);
  const names = new Map(companies.map((c) => [c.companyNumber, c.companyName]));
  const onList = new Set(present.map((m) => m.companyNumber));
  const toAdd = companyNumbers.filter((n) => names.has(n) && !onList.has(n));
  if (toAdd.length > 0) {
    // "on conflict do nothing": a concurrent add of the same company is not an error, the row is there either way.
    await em.upsertMany(
      ListCompanyEntity,
      toAdd.map((companyNumber) => ({ listId, companyNumber, addedAt: now })),
      { onConflictFields: ['listId', 'companyNumber'], onConflictAction: 'ignore' },
    );
  }
  return companyNumbers.map((companyNumber) => ({
    companyNumber,
    companyName: names.get(companyNumber) ?? null,
    outcome: !names.has(companyNumber)
      ? 'not_found'
      : onList.has(companyNumber)
        ? 'already_on_list'
        : 'added',
  }));
}

export async function removeCompanyFromList(
  em: EntityManager,
  listId: number,
  companyNumber: string,
): Promise<void> {
  const deleted = await em.nativeDelete(ListCompanyEntity, { listId, companyNumber });
  if (deleted === 0)
    throw notFound('Company on this list', { list_id: listId, company_number: companyNumber });
}
