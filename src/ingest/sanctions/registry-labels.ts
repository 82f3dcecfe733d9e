/*
 * The identifier reader (src/domain/sanctions/identifiers/) takes a registration number only behind a label naming
 * its registry, and the EU and OFAC give a country, not a registry. So a label is written only where the country
 * and the number's shape name exactly one registry: a UK registration number is a Companies House number; a
 * Russian one of 13 digits an OGRN, of 15 an OGRNIP (both also checked by their check digit when read), a Russian
 * tax number of 10 or 12 digits an INN. Any other number gets no label, and stays unread: no evidence, rather than a
 * wrong scheme.
 */

export type RegistryNumberKind = 'registration' | 'tax';

/** The label naming the one registry this number can be from, or null when country and shape do not say. */
export function registryLabel(
  kind: RegistryNumberKind,
  countryIso2: string | null,
  number: string,
): string | null {
  const digits = number.replace(/[\s-]/g, '');
  if (countryIso2 === 'GB' && kind === 'registration') return 'Company number';
  if (countryIso2 !== 'RU' || !/^\d+$/.test(digits)) return null;
  if (kind === 'registration' && digits.length === 13) return 'OGRN';
  if (kind === 'registration' && digits.length === 15) return 'OGRNIP';
  if (kind === 'tax' && (digits.length === 10 || digits.length === 12)) return 'INN';
  return null;
}
