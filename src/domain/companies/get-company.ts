import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { CompanyEntity } from '../../db/entities/company';
import { chargeSummarySchema } from '../charges/charge-record';
import { readCharges } from '../charges/read-charges';
import { ServiceError } from '../errors';
import { insolvencyCaseSummarySchema } from '../insolvency/insolvency-record';
import { readInsolvencyCases } from '../insolvency/read-insolvency-cases';
import { placeOfPostcode, registeredOfficePlaceSchema } from '../places/registered-office-place';
import { normaliseCompanyNumber } from './company-number';
import { companyProfileSchema, type CompanyProfile } from './company-profile';
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

/**
 * The profile with the charges and insolvency cases held beside the register, and the registered office's region
 * and local authority from the postcode lookup. Only get_company answers with it:
 * the profile alone stays the register row shape that the writers and the simulator share.
 */
export const companyWithDetailsSchema = companyProfileSchema.extend({
  charges: z
    .array(chargeSummarySchema)
    .describe('Charges (mortgages) registered against the company, newest first; empty when none are held'),
  insolvency_cases: z
    .array(insolvencyCaseSummarySchema)
    .describe('Insolvency cases with their dates and practitioners; empty when none are held'),
  registered_office_place: registeredOfficePlaceSchema.nullable(),
});
export type CompanyWithDetails = z.infer<typeof companyWithDetailsSchema>;

export async function getCompanyWithDetails(
  em: EntityManager,
  companyNumber: string,
  asOf: Date = new Date(),
): Promise<CompanyWithDetails | undefined> {
  const profile = await getCompany(em, companyNumber, asOf);
  if (profile === undefined) return undefined;
  const charges = await readCharges(em, profile.company_number);
  const insolvencyCases = await readInsolvencyCases(em, profile.company_number);
  const place = await placeOfPostcode(em, profile.registered_office_address.postal_code);
  return { ...profile, charges, insolvency_cases: insolvencyCases, registered_office_place: place };
}
