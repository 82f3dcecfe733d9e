import type { ListedDesignation } from '../listed-designation';
import { kindOfDesignation, nameKey } from '../name-tokens';
import type { PartialDate } from '../sanctions-designation';

/*
 * When records on two lists are one designation, so that a screen shows it once with each list named. The UN's
 * designations are carried by the UK (its "UN Reference Number") and the EU (unitedNationId), and the UN's own
 * id is that reference: a shared reference is the same designation. Otherwise the records must agree on type and
 * name (the primary name, word order and spelling folded as the matcher's exact-name key folds them) and, for a
 * person, on a non-empty set of dates of birth: two people of one name are not merged on the name alone. Records of
 * one list are never merged: the list itself says they are two.
 */

const dates = (birthDates: readonly PartialDate[]) =>
  birthDates
    .map((d) => `${d.year ?? '?'}-${d.month ?? '?'}-${d.day ?? '?'}`)
    .sort()
    .join(',');

/** The keys under which two records are the same designation: any key in common is enough. */
export function sameDesignationKeys(designation: ListedDesignation): string[] {
  const keys: string[] = [];
  const reference = designation.un_reference_number?.trim().toUpperCase();
  if (reference) keys.push(`un:${reference}`);
  const name = nameKey(designation.primary_name, kindOfDesignation(designation.type));
  if (name !== '') {
    if (designation.type !== 'individual') keys.push(`name:${designation.type}:${name}`);
    else if (designation.birth_dates.length > 0)
      keys.push(`name:individual:${name}:${dates(designation.birth_dates)}`);
  }
  return keys;
}

/**
 * Groups `items` (best first) so that records of one designation on several lists fall together, each group led
 * by its best item and holding at most one record per list.
 */
export function groupSameDesignations<T>(
  items: readonly T[],
  designationOf: (item: T) => ListedDesignation,
): T[][] {
  const groups: { items: T[]; keys: Set<string>; lists: Set<string> }[] = [];
  for (const item of items) {
    const designation = designationOf(item);
    const keys = sameDesignationKeys(designation);
    const group = groups.find(
      (candidate) => !candidate.lists.has(designation.list_id) && keys.some((key) => candidate.keys.has(key)),
    );
    if (group === undefined) {
      groups.push({ items: [item], keys: new Set(keys), lists: new Set([designation.list_id]) });
      continue;
    }
    group.items.push(item);
    group.lists.add(designation.list_id);
    for (const key of keys) group.keys.add(key);
  }
  return groups.map((group) => group.items);
}
