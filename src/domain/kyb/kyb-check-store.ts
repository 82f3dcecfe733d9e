import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { KybCheckEntity, type KybCheck } from '../../db/entities/kyb-check';
import { notFound } from '../errors';
import type { KybOutcome } from './kyb-outcome';
import { KYB_CHECKS_NOT_PERFORMED } from './kyb-checks-not-performed';
import { kybCheckResultSchema, type KybCheckResult } from './kyb-result';

/** The stored answer, exactly as first given. */
export function storedResult(row: KybCheck): KybCheckResult {
  // Checks stored before results listed what was not performed did not perform those either.
  return kybCheckResultSchema.parse({
    checks_not_performed: KYB_CHECKS_NOT_PERFORMED,
    ...(JSON.parse(row.result) as Record<string, unknown>),
  });
}

export async function insertKybCheck(em: EntityManager, row: KybCheck): Promise<void> {
  await em.insert(KybCheckEntity, row);
}

/** One check of the account; another account's check is not found, so its existence is not revealed. */
export async function kybCheckOfAccount(
  em: EntityManager,
  accountId: string,
  id: string,
): Promise<KybCheckResult> {
  const row = await em.findOne(KybCheckEntity, { id, accountId }, { disableIdentityMap: true });
  if (row === null) throw notFound('KYB check', { id });
  return storedResult(row);
}

export async function kybCheckForKey(
  em: EntityManager,
  accountId: string,
  idempotencyKey: string,
): Promise<KybCheck | null> {
  return em.findOne(KybCheckEntity, { accountId, idempotencyKey }, { disableIdentityMap: true });
}

export interface KybCheckFilters {
  outcome?: KybOutcome;
  clientReference?: string;
  companyNumber?: string;
  /** Inclusive bounds on created_at. */
  createdFrom?: Date;
  createdBefore?: Date;
}

/** The account's checks, newest first (id breaks ties so pages never overlap). */
export async function listKybChecksOfAccount(
  em: EntityManager,
  accountId: string,
  filters: KybCheckFilters,
  page: { limit: number; offset: number },
): Promise<{ items: KybCheckResult[]; total: number }> {
  const createdAt = {
    ...(filters.createdFrom ? { $gte: filters.createdFrom } : {}),
    ...(filters.createdBefore ? { $lt: filters.createdBefore } : {}),
  };
  const where: FilterQuery<KybCheck> = {
    accountId,
    ...(filters.outcome ? { outcome: filters.outcome } : {}),
    ...(filters.clientReference !== undefined ? { clientReference: filters.clientReference } : {}),
    ...(filters.companyNumber !== undefined ? { companyNumber: filters.companyNumber } : {}),
    ...(Object.keys(createdAt).length > 0 ? { createdAt } : {}),
  };
  const [rows, total] = await em.findAndCount(KybCheckEntity, where, {
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    limit: page.limit,
    offset: page.offset,
    disableIdentityMap: true,
  });
  return { items: rows.map(storedResult), total };
}
