import type { EntityManager } from '@mikro-orm/core';
import { ChargeEntity } from '../../db/entities/charge';
import { chargeSummary, compareChargesNewestFirst, type ChargeSummary } from './charge-record';

/** The company's charges, newest first; empty when none were imported. */
export async function readCharges(em: EntityManager, companyNumber: string): Promise<ChargeSummary[]> {
  const rows = await em.find(ChargeEntity, { companyNumber });
  return rows.map(chargeSummary).sort(compareChargesNewestFirst);
}
