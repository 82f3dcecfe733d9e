import type { ListedParty } from './matching/listed-party';
import type { ListedDesignation } from './sanctions-list';

/**
 * A designation on the list in the matcher's shape: each name with its kind (a name in its own script is
 * `non_latin` whatever its name type, since the matcher transliterates it first), every date of birth,
 * nationalities and address countries as the list words them.
 */
export function listedPartyOf(designation: ListedDesignation): ListedParty {
  return {
    id: designation.unique_id,
    type: designation.type,
    names: designation.names.map((name) => ({
      text: name.name,
      kind: name.non_latin ? 'non_latin' : name.name_type,
    })),
    birthDates: designation.birth_dates,
    nationalities: designation.nationalities,
    countries: designation.countries,
  };
}
