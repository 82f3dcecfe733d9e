import type { SanctionsDesignation } from '../sanctions-designation';
import { distinctIdentifiers, type Identifier } from './identifier';
import { parseImoNumbers, parseRegistrationNumbers } from './registration-numbers';

/*
 * What a designation's published identifier columns (kept as published in `details`) say, read into identifiers:
 * its registration numbers and, for ships, IMO numbers.
 */

export const REGISTRATION_NUMBERS_COLUMN = 'Business registration number (s)';
export const IMO_NUMBER_COLUMN = 'IMO number';

export function designationIdentifiers(designation: Pick<SanctionsDesignation, 'details'>): Identifier[] {
  const registration = designation.details[REGISTRATION_NUMBERS_COLUMN] ?? [];
  const imo = designation.details[IMO_NUMBER_COLUMN] ?? [];
  return distinctIdentifiers([
    ...registration.flatMap(parseRegistrationNumbers),
    ...imo.flatMap(parseImoNumbers),
  ]);
}
