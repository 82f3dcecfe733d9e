import type { EntityManager } from '@mikro-orm/core';
import { CompanyExemptionEntity } from '../../../db/entities/company-exemption';
import { normaliseCompanyNumber } from '../../../domain/companies/company-number';
import { ServiceError } from '../../../domain/errors';
import { exemptionRows, exemptionsResourceSchema } from '../../../domain/exemptions/company-exemptions';
import { describeItemProblems } from '../../../domain/pscs/psc-item';
import {
  importCompanyResource,
  type ResourceImportContext,
  type ResourceImportOutcome,
} from '../../writers/company-resource-import';

/*
 * The body of GET /company/{n}/exemptions for one company: the company's whole set of exemptions, so it replaces
 * what the store held. A bad body (a date not YYYY-MM-DD, a period ending before it starts, an exemption without
 * its items) refuses the whole of it: nothing is written for the company. Exemptions raise no change alerts.
 */

export async function importExemptionsJson(
  em: EntityManager,
  companyNumber: string,
  json: unknown,
  context: ResourceImportContext,
): Promise<ResourceImportOutcome> {
  const number = normaliseCompanyNumber(companyNumber);
  if (!number.ok) throw new ServiceError(number.code, number.message, { company_number: companyNumber });
  const refuse = (message: string): never => {
    throw new ServiceError('invalid_argument', `exemptions of ${number.companyNumber}: ${message}`, {
      company_number: number.companyNumber,
    });
  };
  let body = json;
  if (typeof json === 'string') {
    try {
      body = JSON.parse(json) as unknown;
    } catch (error) {
      refuse(`not JSON (${(error as Error).message})`);
    }
  }
  const resource = exemptionsResourceSchema.safeParse(body);
  if (!resource.success) return refuse(describeItemProblems(resource.error, 'body'));
  const rows = exemptionRows(number.companyNumber, resource.data);
  return importCompanyResource(em, number.companyNumber, 'exemptions', context, async (tx) => {
    await tx.nativeDelete(CompanyExemptionEntity, { companyNumber: number.companyNumber });
    if (rows.length > 0) await tx.insertMany(CompanyExemptionEntity, rows);
    return [];
  });
}
