import type { ListedDesignation } from './sanctions-list';

/**
 * The identifier keys a designation can be found by (registration numbers, IMO numbers…), each in the form the
 * screened side's keys take, so that the list index (listed-designations-index.ts) answers "which designations
 * carry identifier K" without a query. None yet: the identifier matching work fills this in; the index calls it
 * once per designation per list version.
 */
export function designationIdentifierKeys(_designation: ListedDesignation): string[] {
  return [];
}
