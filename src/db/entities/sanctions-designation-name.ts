import { EntitySchema } from '@mikro-orm/core';

/**
 * One name of a designation, in list order (`position`). `nameKey` is its sorted normalised tokens
 * (domain/sanctions/name-tokens.ts), indexed for lookups of a name exactly as normalised.
 */
export interface SanctionsDesignationNameRow {
  id: number;
  listId: string;
  uniqueId: string;
  position: number;
  name: string;
  surname: string | null;
  givenNames: string | null;
  nameType: string;
  aliasStrength: string | null;
  title: string | null;
  nonLatin: boolean;
  script: string | null;
  language: string | null;
  nameKey: string;
}

const text = (fieldName: string) => ({ type: 'text', fieldName, nullable: true }) as const;

export const SanctionsDesignationNameEntity = new EntitySchema<SanctionsDesignationNameRow>({
  name: 'SanctionsDesignationName',
  tableName: 'sanctions_designation_names',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    listId: { type: 'string', fieldName: 'list_id' },
    uniqueId: { type: 'string', fieldName: 'unique_id' },
    position: { type: 'integer' },
    name: { type: 'text' },
    surname: text('surname'),
    givenNames: text('given_names'),
    nameType: { type: 'string', fieldName: 'name_type' },
    aliasStrength: text('alias_strength'),
    title: text('title'),
    nonLatin: { type: 'boolean', fieldName: 'non_latin' },
    script: text('script'),
    language: text('language'),
    nameKey: { type: 'text', fieldName: 'name_key' },
  },
});
