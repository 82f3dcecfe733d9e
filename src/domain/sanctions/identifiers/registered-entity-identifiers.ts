import { ukCompanyNumberOf } from '../../pscs/registered-company';
import type { Identifier } from './identifier';
import { canonicalIdentifierValue } from './registration-numbers';

/*
 * The identifiers of a corporate officer or a legal-entity PSC, from the `identification` Companies House gives
 * it (registration_number, place_registered, country_registered, legal_authority, legal_form, and for officers
 * identification_type). The registration number is read under a scheme only where the identification says which
 * registry issued it: a UK registry (ukCompanyNumberOf's test, or identification_type "uk-limited-company") makes
 * it a Companies House number, Russia an INN or OGRN by its length and check digits. A number from any other
 * registry is not compared: the list writes foreign numbers under labels of its own, with no country.
 */

export type RegisteredEntityIdentification = Partial<
  Record<
    | 'identification_type'
    | 'registration_number'
    | 'place_registered'
    | 'country_registered'
    | 'legal_authority'
    | 'legal_form',
    unknown
  >
>;

const RUSSIA = /\b(russia|russian federation|rossiya)\b|росси/i;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export function registeredEntityIdentifiers(
  identification: RegisteredEntityIdentification | null | undefined,
): Identifier[] {
  const written = text(identification?.registration_number);
  if (!identification || written === null) return [];
  const parts = {
    registration_number: written,
    place_registered: text(identification.place_registered),
    country_registered: text(identification.country_registered),
    legal_authority: text(identification.legal_authority),
    legal_form: text(identification.legal_form),
  };
  const uk =
    ukCompanyNumberOf(parts) ??
    (identification.identification_type === 'uk-limited-company'
      ? canonicalIdentifierValue('gb-coh', written)
      : null);
  if (uk !== null) return [{ scheme: 'gb-coh', value: uk, as_written: written }];
  const where = [parts.country_registered, parts.place_registered, parts.legal_authority].join(' ');
  if (!RUSSIA.test(where)) return [];
  const digits = written.replace(/[\s-]/g, '');
  const scheme = digits.length === 13 || digits.length === 15 ? 'ru-ogrn' : 'ru-inn';
  const value = canonicalIdentifierValue(scheme, digits);
  return value === null ? [] : [{ scheme, value, as_written: written }];
}
