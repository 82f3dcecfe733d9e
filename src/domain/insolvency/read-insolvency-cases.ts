import type { EntityManager } from '@mikro-orm/core';
import { InsolvencyCaseEntity } from '../../db/entities/insolvency-case';
import { insolvencyCaseSummary, type InsolvencyCaseSummary } from './insolvency-record';

/** The company's insolvency cases by case number; empty when none were imported. */
export async function readInsolvencyCases(
  em: EntityManager,
  companyNumber: string,
): Promise<InsolvencyCaseSummary[]> {
  const rows = await em.find(InsolvencyCaseEntity, { companyNumber }, { orderBy: { caseNumber: 'asc' } });
  return rows.map(insolvencyCaseSummary);
}
