import { EntitySchema } from '@mikro-orm/core';

/**
 * One person with significant control of a company, or one PSC statement (kind
 * `persons-with-significant-control-statement`, with `statement` set and no name), as the PSC snapshot and the
 * API hold it (domain/pscs maps it both ways). `pscId` is the id at the end of the item's links.self.
 * JSON text: `address`, `identification` (legal entities), `naturesOfControl` (codes) and `details`.
 */
export interface PersonWithSignificantControl {
  companyNumber: string;
  pscId: string;
  kind: string;
  name: string | null;
  birthYear: number | null;
  birthMonth: number | null;
  nationality: string | null;
  countryOfResidence: string | null;
  address: string | null;
  identification: string | null;
  naturesOfControl: string;
  statement: string | null;
  notifiedOn: string | null;
  ceasedOn: string | null;
  details: string;
  /** Companies House's identity_verification_details as JSON text; null where it publishes none. */
  identityVerification: string | null;
}

const text = (fieldName: string) => ({ type: 'string', fieldName, nullable: true }) as const;

export const PersonWithSignificantControlEntity = new EntitySchema<PersonWithSignificantControl>({
  name: 'PersonWithSignificantControl',
  tableName: 'persons_with_significant_control',
  properties: {
    companyNumber: { type: 'string', primary: true, fieldName: 'company_number' },
    pscId: { type: 'string', primary: true, fieldName: 'psc_id' },
    kind: { type: 'string' },
    name: { type: 'text', nullable: true },
    birthYear: { type: 'integer', fieldName: 'birth_year', nullable: true },
    birthMonth: { type: 'integer', fieldName: 'birth_month', nullable: true },
    nationality: text('nationality'),
    countryOfResidence: text('country_of_residence'),
    address: { type: 'text', nullable: true },
    identification: { type: 'text', nullable: true },
    naturesOfControl: { type: 'text', fieldName: 'natures_of_control' },
    statement: { type: 'text', nullable: true },
    notifiedOn: text('notified_on'),
    ceasedOn: text('ceased_on'),
    details: { type: 'text' },
    identityVerification: { type: 'text', fieldName: 'identity_verification', nullable: true },
  },
});
