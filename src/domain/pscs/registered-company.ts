import type { EntityManager } from '@mikro-orm/core';
import { CompanyEntity } from '../../db/entities/company';
import { normaliseCompanyNumber } from '../companies/company-number';
import type { PscIdentification } from './psc-item';

/*
 * Following an ownership chain: a corporate PSC registered in the UK names its Companies House number as its
 * registration number. A number alone is not enough (a foreign registry's numbers can look like ours), so the
 * identification must also point to a UK register, and the number must be a company on ours.
 */

const UK_REGISTER =
  /\b(united kingdom|uk|u\.k\.|great britain|england|wales|scotland|northern ireland|companies house|companies act)\b/i;

/** Whether the words (a country, a place, a legal authority) point to a UK register. */
export function namesUkRegister(words: string): boolean {
  return UK_REGISTER.test(words);
}

/** The company number a UK-registered entity's identification names, if it names one. */
export function ukCompanyNumberOf(identification: PscIdentification | null): string | null {
  if (identification?.registration_number == null) return null;
  // The country decides where it gives one: a Dutch BV whose legal authority reads "Companies Act" is Dutch.
  const where =
    identification.country_registered ??
    [identification.place_registered, identification.legal_authority]
      .filter((part): part is string => part !== null)
      .join(' ');
  if (!UK_REGISTER.test(where)) return null;
  const number = normaliseCompanyNumber(identification.registration_number.replace(/[\s.-]/g, ''));
  return number.ok ? number.companyNumber : null;
}

/** Of these numbers, the ones the register holds. */
export async function companiesOnRegister(
  em: EntityManager,
  numbers: readonly string[],
): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const found = await em.find(
    CompanyEntity,
    { companyNumber: { $in: [...new Set(numbers)] } },
    { fields: ['companyNumber'], disableIdentityMap: true },
  );
  return new Set(found.map((company) => company.companyNumber));
}
