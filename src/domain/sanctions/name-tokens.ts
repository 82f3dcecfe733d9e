import { partyKind } from './matching/match-subject';
import { nameTokenKeys, nameTokens } from './matching/name-tokens';
import type { SubjectKind } from './matching/screened-subject';
import type { DesignationType } from './sanctions-designation';

/*
 * The list store's keys of a name: the cheap first cut of screening (the token index) and the exact lookup by
 * name. Both come from the matcher's own normalisation (transliteration, titles, legal forms, joining words), so
 * the prefilter can never drop a designation the matcher would have matched because the two read a name's words
 * differently. A name is read as a person's for individuals and as an entity's for entities and ships.
 */

export { nameTokenKeys };

export function kindOfDesignation(type: DesignationType): SubjectKind {
  return partyKind({ type });
}

/** Sorted distinct words: equal for "PETROV, Ivan" and "Ivan Petrov"; the exact-after-normalising lookup. */
export function nameKey(name: string, kind: SubjectKind): string {
  return [...nameTokens(name, kind)].sort().join(' ');
}

/** The kinds a search over these designation types reads a name as (both when the types are mixed or unset). */
export function kindsOfTypes(types: readonly DesignationType[] | undefined): SubjectKind[] {
  const kinds = new Set((types ?? ['individual', 'entity']).map(kindOfDesignation));
  return [...kinds];
}
