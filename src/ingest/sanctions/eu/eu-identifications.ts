import {
  IMO_NUMBER_COLUMN,
  REGISTRATION_NUMBERS_COLUMN,
} from '../../../domain/sanctions/identifiers/designation-identifiers';
import type { XmlElement } from '../un/un-xml-elements';
import { attribute, countryOf } from './eu-xml-attributes';

/*
 * An identification element (attributes identificationTypeCode, identificationTypeDescription, number,
 * latinNumber, countryIso2Code, countryDescription, issuedBy, issueDate: the names OpenSanctions' crawler reads,
 * opensanctions/opensanctions zavod/zavod/shed/fsf.py, whose eu_fsf.yml maps the codes: "regnumber" a
 * registration number, "imo" an IMO number, "fiscalcode" a tax number, "passport", "id" and others documents).
 *
 * Registration and IMO numbers go into `details` under the UK list's own column names, so the identifier reader
 * (src/domain/sanctions/identifiers/) reads them as it reads the UK list. That reader takes a registration number
 * only behind a label naming its registry, and the EU gives a country, not a registry; so a label is written
 * only where the country and the number's shape name exactly one registry: a UK number is a Companies House
 * number; a Russian one of 13 digits an OGRN, of 15 an OGRNIP (both also pass their check digit there), a
 * Russian tax code of 10 or 12 digits an INN. Any other number is kept as published, labelled with its
 * description and country, which the reader leaves unread: no evidence, rather than a wrong scheme.
 */

export interface EuIdentificationDetails {
  column: string;
  value: string;
}

export function identificationDetails(identification: XmlElement): EuIdentificationDetails | null {
  const code = attribute(identification, 'identificationTypeCode');
  const number = attribute(identification, 'number') ?? attribute(identification, 'latinNumber');
  if (number === null) return null;
  const country = attribute(identification, 'countryIso2Code');
  if (code === 'imo') return { column: IMO_NUMBER_COLUMN, value: number };
  if (code === 'regnumber' || code === 'fiscalcode') {
    const label = registryLabel(code, country, number);
    if (label !== null) return { column: REGISTRATION_NUMBERS_COLUMN, value: `${label} ${number}` };
  }
  const description = attribute(identification, 'identificationTypeDescription') ?? code ?? 'identification';
  const where = countryOf(identification);
  return {
    column: `identification: ${code ?? 'unknown'}`,
    value: [description, number, where === null ? null : `(${where})`].filter((p) => p !== null).join(' '),
  };
}

function registryLabel(
  code: 'regnumber' | 'fiscalcode',
  country: string | null,
  number: string,
): string | null {
  const digits = number.replace(/[\s-]/g, '');
  if (country === 'GB' && code === 'regnumber') return 'Company number';
  if (country !== 'RU' || !/^\d+$/.test(digits)) return null;
  if (code === 'regnumber' && digits.length === 13) return 'OGRN';
  if (code === 'regnumber' && digits.length === 15) return 'OGRNIP';
  if (code === 'fiscalcode' && (digits.length === 10 || digits.length === 12)) return 'INN';
  return null;
}
