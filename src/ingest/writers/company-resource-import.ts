import type { EntityManager } from '@mikro-orm/core';
import { CompanyEntity } from '../../db/entities/company';
import { CompanyResourceImportEntity, type CompanyResource } from '../../db/entities/company-resource-import';
import type { ChangeSource } from '../../db/entities/register-change';
import type { ChangeDraft } from '../../domain/changes/company-changes';
import { appendChanges } from '../../domain/changes/register-change-log';
import { enqueueHealthRescore } from '../../domain/health/store/health-score-queue';

/*
 * The one way a company's detail resource (officers, PSCs, filing history, charges, insolvency, accounts
 * figures) is written: in one transaction, the importer replaces what the store holds for the company and says
 * what changed; the changes go to the register change feed, where the change check turns them into alerts.
 * The first import of a resource for a company is its baseline: it is written but announces nothing, the same
 * rule as the first import of the register (a thousand "officer appointed" alerts for officers appointed years
 * ago would teach a customer to ignore alerts). A run is known by its `detectedAt`, which all its writes share:
 * when the first run brings several documents of a company (three years of accounts), all of them are the
 * baseline.
 *
 * A stream event brings one item of a list (an appointment, a filing, a charge, a PSC): it is written and its
 * changes recorded as before, but the resource stays marked partial until a whole list comes (a file, a live
 * fetch). That whole list is the resource's baseline: what it adds to the items the stream brought is what the
 * store had not fetched, not news.
 */

export interface ResourceImportContext {
  detectedAt: Date;
  source: ChangeSource;
}

/** `item`: one item of the resource (a stream event), not the whole of it. */
export type ResourceImportExtent = 'whole' | 'item';

export type ResourceImportOutcome =
  | { status: 'imported'; baseline: boolean; changes: number }
  /** The register holds no such company: nothing is written (details hang off a register entry). */
  | { status: 'unknown_company' };

/**
 * Replaces one company's resource. `replace` runs inside the transaction with its `em`, writes the new state and
 * returns the changes from the old state to the new one (it must read the old state through that `em`).
 */
export async function importCompanyResource(
  em: EntityManager,
  companyNumber: string,
  resource: CompanyResource,
  context: ResourceImportContext,
  replace: (tx: EntityManager) => Promise<readonly ChangeDraft[]>,
  extent: ResourceImportExtent = 'whole',
): Promise<ResourceImportOutcome> {
  return em.transactional(async (tx) => {
    const company = await tx.findOne(CompanyEntity, { companyNumber }, { fields: ['companyNumber'] });
    if (company === null) return { status: 'unknown_company' } as const;
    const first = await tx.findOne(
      CompanyResourceImportEntity,
      { companyNumber, resource },
      { disableIdentityMap: true },
    );
    const drafts = await replace(tx);
    const firstWhole = extent === 'whole' && first !== null && !first.complete;
    const baseline =
      first === null || firstWhole || first.firstImportedAt.getTime() === context.detectedAt.getTime();
    // Recorded changes queue the company's rescore with them (appendChanges); a baseline records none but is
    // new data all the same.
    if (!baseline) await appendChanges(tx, drafts, context.source, context.detectedAt);
    else await enqueueHealthRescore(tx, [companyNumber], context.detectedAt);
    if (first === null)
      await tx.insert(CompanyResourceImportEntity, {
        companyNumber,
        resource,
        firstImportedAt: context.detectedAt,
        complete: extent === 'whole',
      });
    else if (firstWhole)
      await tx.nativeUpdate(
        CompanyResourceImportEntity,
        { companyNumber, resource },
        { firstImportedAt: context.detectedAt, complete: true },
      );
    return { status: 'imported', baseline, changes: baseline ? 0 : drafts.length } as const;
  });
}

/** Whether a resource was ever imported for the company (its changes are then recorded, not a baseline). */
export async function resourceImported(
  em: EntityManager,
  companyNumber: string,
  resource: CompanyResource,
): Promise<boolean> {
  return (await em.count(CompanyResourceImportEntity, { companyNumber, resource })) > 0;
}
