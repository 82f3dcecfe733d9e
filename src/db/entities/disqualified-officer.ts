import { EntitySchema } from '@mikro-orm/core';

/**
 * One disqualified officer as Companies House's disqualified-officers resource holds it (domain/disqualifications
 * maps it both ways). `officerId` is the id in the resource's path. Natural persons: name parts, birth month and
 * year, and the officer register's name keys; corporate officers: registration number and country.
 * `permissionsToAct` is JSON text.
 */
export interface DisqualifiedOfficer {
  officerId: string;
  kind: string;
  name: string;
  forename: string | null;
  otherForenames: string | null;
  surname: string | null;
  title: string | null;
  surnameKey: string;
  nameKey: string;
  birthYear: number | null;
  birthMonth: number | null;
  nationality: string | null;
  companyNumber: string | null;
  countryOfRegistration: string | null;
  permissionsToAct: string;
  etag: string | null;
  /** Where the resource came from: api, stream, file. */
  source: string;
  updatedAt: Date;
}

/** One order or undertaking of a disqualified officer, in the order the resource lists them. */
export interface Disqualification {
  officerId: string;
  position: number;
  disqualificationType: string;
  disqualifiedFrom: string;
  disqualifiedUntil: string;
  undertakenOn: string | null;
  heardOn: string | null;
  caseIdentifier: string | null;
  courtName: string | null;
  act: string | null;
  section: string | null;
  article: string | null;
  descriptionIdentifier: string | null;
  /** JSON text: the companies in which the misconduct took place. */
  companyNames: string;
}

const text = (fieldName: string) => ({ type: 'text', fieldName, nullable: true }) as const;
const short = (fieldName: string) => ({ type: 'string', fieldName, nullable: true }) as const;

export const DisqualifiedOfficerEntity = new EntitySchema<DisqualifiedOfficer>({
  name: 'DisqualifiedOfficer',
  tableName: 'disqualified_officers',
  properties: {
    officerId: { type: 'string', primary: true, fieldName: 'officer_id' },
    kind: { type: 'string' },
    name: { type: 'text' },
    forename: text('forename'),
    otherForenames: text('other_forenames'),
    surname: text('surname'),
    title: text('title'),
    surnameKey: { type: 'string', fieldName: 'surname_key' },
    nameKey: { type: 'text', fieldName: 'name_key' },
    birthYear: { type: 'integer', fieldName: 'birth_year', nullable: true },
    birthMonth: { type: 'integer', fieldName: 'birth_month', nullable: true },
    nationality: text('nationality'),
    companyNumber: short('company_number'),
    countryOfRegistration: text('country_of_registration'),
    permissionsToAct: { type: 'text', fieldName: 'permissions_to_act' },
    etag: short('etag'),
    source: { type: 'string' },
    updatedAt: { type: 'datetime', fieldName: 'updated_at' },
  },
});

export const DisqualificationEntity = new EntitySchema<Disqualification>({
  name: 'Disqualification',
  tableName: 'disqualifications',
  properties: {
    officerId: { type: 'string', primary: true, fieldName: 'officer_id' },
    position: { type: 'integer', primary: true },
    disqualificationType: { type: 'string', fieldName: 'disqualification_type' },
    disqualifiedFrom: { type: 'string', fieldName: 'disqualified_from' },
    disqualifiedUntil: { type: 'string', fieldName: 'disqualified_until' },
    undertakenOn: short('undertaken_on'),
    heardOn: short('heard_on'),
    caseIdentifier: text('case_identifier'),
    courtName: text('court_name'),
    act: short('act'),
    section: short('section'),
    article: short('article'),
    descriptionIdentifier: short('description_identifier'),
    companyNames: { type: 'text', fieldName: 'company_names' },
  },
});
