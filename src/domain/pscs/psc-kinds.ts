/*
 * The kinds of entry on a register of people with significant control (and of registrable beneficial owners of
 * overseas entities), reduced to a category an agent can branch on. Kinds are Companies House's; a kind it adds
 * later reads as other_registrable_person rather than failing.
 */

export const PSC_STATEMENT_KIND = 'persons-with-significant-control-statement';

export const pscCategories = [
  'individual',
  'corporate_entity',
  'legal_entity',
  'super_secure',
  'individual_beneficial_owner',
  'corporate_entity_beneficial_owner',
  'legal_entity_beneficial_owner',
  'super_secure_beneficial_owner',
  'other_registrable_person',
] as const;
export type PscCategory = (typeof pscCategories)[number];

const CATEGORIES: Record<string, PscCategory> = {
  'individual-person-with-significant-control': 'individual',
  'corporate-entity-person-with-significant-control': 'corporate_entity',
  'legal-person-person-with-significant-control': 'legal_entity',
  // The spelling some Companies House documents use for the same kind.
  'legal-person-with-significant-control': 'legal_entity',
  'super-secure-person-with-significant-control': 'super_secure',
  'individual-beneficial-owner': 'individual_beneficial_owner',
  'corporate-entity-beneficial-owner': 'corporate_entity_beneficial_owner',
  'legal-person-beneficial-owner': 'legal_entity_beneficial_owner',
  'super-secure-beneficial-owner': 'super_secure_beneficial_owner',
};

export function pscCategoryOf(kind: string): PscCategory {
  return CATEGORIES[kind] ?? 'other_registrable_person';
}

/** Corporate kinds: the ones whose registration number may lead to another company on the register. */
export function isCorporatePsc(kind: string): boolean {
  const category = pscCategoryOf(kind);
  return category === 'corporate_entity' || category === 'corporate_entity_beneficial_owner';
}

/** How a change description names an entry that has no name (super-secure entries hide theirs). */
export function unnamedPsc(kind: string): string {
  const category = pscCategoryOf(kind);
  if (category === 'super_secure' || category === 'super_secure_beneficial_owner')
    return 'A super-secure person (details withheld)';
  return 'An unnamed person';
}
