import { ServiceError } from '../errors';
import { normaliseCompanyNumber } from './company-number';

/**
 * A company number as typed, in its stored form; a malformed one is `invalid_company_number` naming the argument
 * and the value, so a caller sending many numbers learns which one is wrong.
 */
export function requireCompanyNumber(raw: string, argument: string): string {
  const number = normaliseCompanyNumber(raw);
  if (!number.ok) throw new ServiceError(number.code, number.message, { argument, company_number: raw });
  return number.companyNumber;
}
