import { EntitySchema } from '@mikro-orm/core';

/**
 * A designation as of the newest list version it appeared in, kept after it leaves the list (removedInVersion
 * set) so an older screening result can still be read. JSON text: regimes, birthDates, nationalities, countries
 * (the fields screening reads, without opening the record) and `record`, the whole SanctionsDesignation.
 */
export interface SanctionsDesignationRow {
  listId: string;
  uniqueId: string;
  designationType: string;
  primaryName: string;
  regimes: string;
  dateDesignated: string | null;
  lastUpdated: string | null;
  birthDates: string;
  nationalities: string;
  countries: string;
  record: string;
  /** SHA-256 of the record's JSON: a different one in a new version is an amendment. */
  contentSha256: string;
  firstVersion: number;
  changedInVersion: number;
  removedInVersion: number | null;
}

export const SanctionsDesignationEntity = new EntitySchema<SanctionsDesignationRow>({
  name: 'SanctionsDesignation',
  tableName: 'sanctions_designations',
  properties: {
    listId: { type: 'string', primary: true, fieldName: 'list_id' },
    uniqueId: { type: 'string', primary: true, fieldName: 'unique_id' },
    designationType: { type: 'string', fieldName: 'designation_type' },
    primaryName: { type: 'text', fieldName: 'primary_name' },
    regimes: { type: 'text' },
    dateDesignated: { type: 'string', fieldName: 'date_designated', nullable: true },
    lastUpdated: { type: 'string', fieldName: 'last_updated', nullable: true },
    birthDates: { type: 'text', fieldName: 'birth_dates' },
    nationalities: { type: 'text' },
    countries: { type: 'text' },
    record: { type: 'text' },
    contentSha256: { type: 'string', fieldName: 'content_sha256' },
    firstVersion: { type: 'integer', fieldName: 'first_version' },
    changedInVersion: { type: 'integer', fieldName: 'changed_in_version' },
    removedInVersion: { type: 'integer', fieldName: 'removed_in_version', nullable: true },
  },
});
