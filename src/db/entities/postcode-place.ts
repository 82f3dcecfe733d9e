import { EntitySchema } from '@mikro-orm/core';

/**
 * One postcode of the ONS postcode lookup with the places it lies in (migration 0009; docs/places.md). Written by
 * the importer in bulk (ingest/ons/), read one at a time for a company's registered office and joined on
 * postcode_compact by the screener.
 */
export interface PostcodePlace {
  /** compactPostcode(postcode): upper case, no spaces; what companies.postcode_compact joins on. */
  postcodeCompact: string;
  /** The lookup's `pcds` form: outward code, one space, inward code. */
  postcode: string;
  /** ONS country code (E92000001, W92000004, S92000003, N92000002, L93000001, M83000003); null when blank. */
  countryCode: string | null;
  /** ITL1 code (TLC…TLN); null when the postcode is in no ITL1 region or the lookup gives none. */
  regionCode: string | null;
  /** ONS local authority district code; null for a pseudo or blank code. */
  localAuthorityCode: string | null;
  /** From the names file; null when no names file gave one. */
  localAuthorityName: string | null;
  /** The lookup's `doterm` as YYYY-MM; null for a live postcode. */
  terminatedOn: string | null;
}

export const PostcodePlaceEntity = new EntitySchema<PostcodePlace>({
  name: 'PostcodePlace',
  tableName: 'postcode_places',
  properties: {
    postcodeCompact: { type: 'string', primary: true, fieldName: 'postcode_compact' },
    postcode: { type: 'string' },
    countryCode: { type: 'string', nullable: true, fieldName: 'country_code' },
    regionCode: { type: 'string', nullable: true, fieldName: 'region_code' },
    localAuthorityCode: { type: 'string', nullable: true, fieldName: 'local_authority_code' },
    localAuthorityName: { type: 'text', nullable: true, fieldName: 'local_authority_name' },
    terminatedOn: { type: 'string', nullable: true, fieldName: 'terminated_on' },
  },
});
