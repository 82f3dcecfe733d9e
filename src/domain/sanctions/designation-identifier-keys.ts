import { identifierKey } from './identifiers/identifier';
import { designationIdentifiers } from './identifiers/designation-identifiers';
import type { ListedDesignation } from './listed-designation';

/**
 * The lookup keys of a designation's identifiers (`gb-coh:01234567`, `imo:9074729`, `ru-inn:7707083893`): what an
 * index of the list is keyed by, so that a subject's identifier finds the designation whatever its names.
 */
export function designationIdentifierKeys(designation: ListedDesignation): string[] {
  return designationIdentifiers(designation).map(identifierKey);
}
