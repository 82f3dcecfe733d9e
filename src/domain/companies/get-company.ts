import type { EntityManager } from '@mikro-orm/core';
import { CompanyEntity } from '../../db/entities/company';
import { ServiceError } from '../errors';
import { normaliseCompanyNumber } from './company-number';
import type { CompanyProfile } from './company-profile';
import { companyToProfile } from './company-record';

/**
 * A company's profile, or undefined when the register has no such number. The number is taken as people type it
 * (case, spaces, lost leading zeros); a malformed one is an `invalid_company_number` error, not "not found".
 * Overdue flags are computed for `asOf` (default now): they change with the day, so they are not stored.
 */
export async function getCompany(
  em: EntityManager,
  companyNumber: string,
  asOf: Date = new Date(),
): Promise<CompanyProfile | undefined> {
  const number = normaliseCompanyNumber(companyNumber);
  if (!number.ok) throw new ServiceError(number.code, number.message, { argument: 'company_number' });
  const company = await em.findOne(CompanyEntity, { companyNumber: number.companyNumber });
  return company === null ? undefined : companyToProfile(company, asOf);
}
