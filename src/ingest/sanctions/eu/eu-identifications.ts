import {
  IMO_NUMBER_COLUMN,
  REGISTRATION_NUMBERS_COLUMN,
} from '../../../domain/sanctions/identifiers/designation-identifiers';
import type { XmlElement } from '../un/un-xml-elements';
import { registryLabel } from '../registry-labels';
import { attribute, countryOf } from './eu-xml-attributes';

/*
 * An identification element (attributes identificationTypeCode, identificationTypeDescription, number,
 * latinNumber, countryIso2Code, countryDescription, issuedBy, issueDate: the names OpenSanctions' crawler reads,
 * opensanctions/opensanctions zavod/zavod/shed/fsf.py, whose eu_fsf.yml maps the codes: "regnumber" a
 * registration number, "imo" an IMO number, "fiscalcode" a tax number, "passport", "id" and others documents).
 *
 * Registration and IMO numbers go into `details` under the UK list's own column names, so the identifier reader
 * (src/domain/sanctions/identifiers/) reads them as it reads the UK list, labelled with their registry where the
 * country and shape name one (../registry-labels.ts). Any other number is kept as published, labelled with its
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
    const label = registryLabel(code === 'regnumber' ? 'registration' : 'tax', country, number);
    if (label !== null) return { column: REGISTRATION_NUMBERS_COLUMN, value: `${label} ${number}` };
  }
  const description = attribute(identification, 'identificationTypeDescription') ?? code ?? 'identification';
  const where = countryOf(identification);
  return {
    column: `identification: ${code ?? 'unknown'}`,
    value: [description, number, where === null ? null : `(${where})`].filter((p) => p !== null).join(' '),
  };
}
