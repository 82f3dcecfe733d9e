import type { Company } from '../../db/entities/company';
import type { ChargeItem } from './charge-list-resource';

/** The charge counts the register keeps on the companies row (the bulk file's Mortgages.* columns). */
export interface ChargeCounts {
  total: number;
  outstanding: number;
  part_satisfied: number;
  satisfied: number;
}

/** Counts of a whole charge list. "fully-satisfied" and the older "satisfied" both count as satisfied. */
export function countCharges(items: readonly Pick<ChargeItem, 'status'>[]): ChargeCounts {
  const counts: ChargeCounts = { total: items.length, outstanding: 0, part_satisfied: 0, satisfied: 0 };
  for (const { status } of items) {
    if (status === 'outstanding') counts.outstanding += 1;
    else if (status === 'part-satisfied') counts.part_satisfied += 1;
    else counts.satisfied += 1;
  }
  return counts;
}

export function companyChargeColumns(
  counts: ChargeCounts,
): Pick<
  Company,
  'hasCharges' | 'chargesTotal' | 'chargesOutstanding' | 'chargesPartSatisfied' | 'chargesSatisfied'
> {
  return {
    hasCharges: counts.total > 0,
    chargesTotal: counts.total,
    chargesOutstanding: counts.outstanding,
    chargesPartSatisfied: counts.part_satisfied,
    chargesSatisfied: counts.satisfied,
  };
}
