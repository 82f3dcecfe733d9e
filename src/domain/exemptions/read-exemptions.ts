import type { EntityManager } from '@mikro-orm/core';
import { CompanyExemptionEntity } from '../../db/entities/company-exemption';
import { currentPscExemption, type PscExemptionView } from './company-exemptions';

/** The company's PSC exemption in force on the day (YYYY-MM-DD), from the exemptions held; null when none. */
export async function readCurrentPscExemption(
  em: EntityManager,
  companyNumber: string,
  day: string,
): Promise<PscExemptionView | null> {
  const rows = await em.find(CompanyExemptionEntity, { companyNumber }, { disableIdentityMap: true });
  return currentPscExemption(rows, day);
}
