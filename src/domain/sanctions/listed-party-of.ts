import { designationIdentifiers } from './identifiers/designation-identifiers';
import type { ListedParty } from './matching/listed-party';
import type { ListedDesignation } from './listed-designation';

/** "Low quality" as the list publishes it; anything else ("Good quality", blank) is a name to screen on. */
const LOW_QUALITY = /^\s*low\b/i;

/**
 * A designation on the list in the matcher's shape: each name with its kind (a name in its own script is
 * `non_latin` whatever its name type, since the matcher transliterates it first) and its alias quality, every
 * date of birth, nationalities and address countries as the list words them, and the registry numbers it gives.
 */
export function listedPartyOf(designation: ListedDesignation): ListedParty {
  return {
    id: designation.unique_id,
    type: designation.type,
    names: designation.names.map((name) => ({
      text: name.name,
      kind: name.non_latin ? 'non_latin' : name.name_type,
      quality: name.alias_strength !== null && LOW_QUALITY.test(name.alias_strength) ? 'low' : 'good',
    })),
    birthDates: designation.birth_dates,
    nationalities: designation.nationalities,
    countries: designation.countries,
    identifiers: designationIdentifiers(designation),
  };
}
