import { EntitySchema } from '@mikro-orm/core';

/** A local authority district's name, from the names file that ships with the ONS postcode lookup. */
export interface LocalAuthority {
  code: string;
  name: string;
  /** placeNameKey(name) (domain/places/place-names.ts): what a local_authority argument given as a name is matched on. */
  nameKey: string;
}

export const LocalAuthorityEntity = new EntitySchema<LocalAuthority>({
  name: 'LocalAuthority',
  tableName: 'local_authorities',
  properties: {
    code: { type: 'string', primary: true },
    name: { type: 'text' },
    nameKey: { type: 'text', fieldName: 'name_key' },
  },
});
