import type { EntityManager } from '@mikro-orm/core';
import { CompanyEntity } from '../../db/entities/company';
import { CompanyResourceImportEntity, type CompanyResource } from '../../db/entities/company-resource-import';
import { notFound, ServiceError } from '../errors';

/*
 * Whether the store holds a company's detail resources. A company row says nothing about them: the bulk register
 * file and the companies stream carry the profile alone. A resource is held once it was imported whole (a file,
 * a live fetch; Companies House's 404 for it imported as the empty list), recorded in company_resource_imports
 * with `complete`; items from stream events alone do not make it held. Held and empty means "none"; not held
 * means the store cannot say, and the answer is `details_not_held`, never an empty list.
 */

/** The resources a live fetch brings besides the profile (accounts figures come from documents, not a list). */
export const detailResources = [
  'officers',
  'persons_with_significant_control',
  'filing_history',
  'charges',
  'insolvency',
] as const satisfies readonly CompanyResource[];
export type DetailResource = (typeof detailResources)[number];

const resourceWords: Record<DetailResource, string> = {
  officers: 'officers',
  persons_with_significant_control: 'persons with significant control',
  filing_history: 'filings',
  charges: 'charges',
  insolvency: 'insolvency cases',
};

/** The detail resources held whole for the company. */
export async function heldDetailResources(
  em: EntityManager,
  companyNumber: string,
): Promise<Set<DetailResource>> {
  const rows = await em.find(
    CompanyResourceImportEntity,
    { companyNumber, resource: { $in: [...detailResources] }, complete: true },
    { fields: ['resource'], disableIdentityMap: true },
  );
  return new Set(rows.map((row) => row.resource as DetailResource));
}

export function detailsNotHeld(companyNumber: string, resource: DetailResource): ServiceError {
  return new ServiceError(
    'details_not_held',
    `${companyNumber}: its ${resourceWords[resource]} are not held (the company came from a source that carries ` +
      'its profile only, and no live fetch from Companies House has brought them); this is not the same as none',
    { company_number: companyNumber, resource },
  );
}

/** Refuses a company the register does not hold (404 not_found) and one whose `resource` is not held. */
export async function requireDetailsHeld(
  em: EntityManager,
  companyNumber: string,
  resource: DetailResource,
): Promise<void> {
  const company = await em.findOne(CompanyEntity, { companyNumber }, { fields: ['companyNumber'] });
  if (company === null) throw notFound('Company', { company_number: companyNumber });
  if (!(await heldDetailResources(em, companyNumber)).has(resource))
    throw detailsNotHeld(companyNumber, resource);
}
