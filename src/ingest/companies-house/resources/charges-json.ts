import type { EntityManager } from '@mikro-orm/core';
import { ChargeEntity } from '../../../db/entities/charge';
import { CompanyEntity } from '../../../db/entities/company';
import type { ChangeDraft } from '../../../domain/changes/company-changes';
import { companyChargeColumns, countCharges, type ChargeCounts } from '../../../domain/charges/charge-counts';
import { chargeIdOf, chargeListSchema } from '../../../domain/charges/charge-list-resource';
import { chargeRow } from '../../../domain/charges/charge-record';
import { detailColumnChanges, detailColumnsOf } from '../../../domain/charges/register-row-changes';
import { requireCompanyNumber } from '../../../domain/companies/company-number-argument';
import { ServiceError } from '../../../domain/errors';
import {
  importCompanyResource,
  type ResourceImportContext,
  type ResourceImportOutcome,
} from '../../writers/company-resource-import';
import { readResourceFile, refuseResource } from './resource-file';

/*
 * Charges import: the body of GET /company/{n}/charges, the company's whole charge list. It replaces the charges
 * held, and the counts on the companies row follow it in the same transaction; a count that grows is recorded
 * the way the register diff records it (charge_registered, charge_satisfied).
 */

export async function importChargesJson(
  em: EntityManager,
  companyNumber: string,
  json: unknown,
  context: ResourceImportContext,
  source = 'charges JSON',
): Promise<ResourceImportOutcome> {
  const number = requireCompanyNumber(companyNumber, 'company_number');
  const parsed = chargeListSchema.safeParse(json);
  if (!parsed.success) throw refuseResource(source, parsed.error);
  const { items, total_count: totalCount } = parsed.data;
  // A page of a longer list would silently drop the charges on the other pages.
  if (totalCount != null && totalCount > items.length)
    throw new ServiceError(
      'invalid_argument',
      `${source}: total_count: the list holds ${items.length} of ${totalCount} charges; import the whole list`,
      { source, field: 'total_count' },
    );
  const rows = items.map((item, index) => {
    const chargeId = chargeIdOf(item);
    if (chargeId === undefined)
      throw new ServiceError(
        'invalid_argument',
        `${source}: items.${index}.links.self: no charge id (expected /company/{n}/charges/{id})`,
        { source, field: `items.${index}.links.self` },
      );
    return chargeRow(number, chargeId, item);
  });
  const ids = new Set<string>();
  for (const [index, row] of rows.entries()) {
    if (ids.has(row.chargeId))
      throw new ServiceError(
        'invalid_argument',
        `${source}: items.${index}: charge ${row.chargeId} appears twice`,
        {
          source,
          field: `items.${index}.links.self`,
        },
      );
    ids.add(row.chargeId);
  }

  return importCompanyResource(em, number, 'charges', context, async (tx) => {
    await tx.nativeDelete(ChargeEntity, { companyNumber: number });
    if (rows.length > 0) await tx.insertMany(ChargeEntity, rows);
    return setChargeCounts(tx, number, countCharges(items), context.detectedAt);
  });
}

/**
 * Sets the charge counts on the company's register row (inside the resource import's transaction `tx`) and
 * returns the changes that makes, by the register diff's rules.
 */
export async function setChargeCounts(
  tx: EntityManager,
  companyNumber: string,
  counts: ChargeCounts,
  detectedAt: Date,
): Promise<ChangeDraft[]> {
  const company = await tx.findOneOrFail(CompanyEntity, { companyNumber }, { refresh: true });
  const before = detailColumnsOf(company);
  const columns = companyChargeColumns(counts);
  await tx.nativeUpdate(CompanyEntity, { companyNumber }, { ...columns, updatedAt: detectedAt });
  return detailColumnChanges(companyNumber, before, { ...before, ...columns });
}

export async function importChargesFile(
  em: EntityManager,
  companyNumber: string,
  path: string,
  context: ResourceImportContext,
): Promise<ResourceImportOutcome> {
  return importChargesJson(em, companyNumber, await readResourceFile(path), context, path);
}
