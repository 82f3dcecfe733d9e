import type { ListedParty } from '../../src/domain/sanctions/matching/listed-party';
import { partyKind } from '../../src/domain/sanctions/matching/match-subject';
import type { SubjectKind } from '../../src/domain/sanctions/matching/screened-subject';
import { nameTokenKeys } from '../../src/domain/sanctions/name-tokens';

/*
 * The list store's prefilter in memory: the same keys (nameTokenKeys of each listed name, read as its
 * designation's kind) and the same rule (a designation is a candidate when it shares one key with the screened
 * name, among the designation types screen_sanctions asks for), without a database.
 */

export class PrefilterIndex {
  private readonly byKey = new Map<string, ListedParty[]>();

  constructor(parties: readonly ListedParty[]) {
    for (const party of parties) {
      const keys = new Set(party.names.flatMap((name) => nameTokenKeys(name.text, partyKind(party))));
      for (const key of keys) {
        const list = this.byKey.get(key);
        if (list) list.push(party);
        else this.byKey.set(key, [party]);
      }
    }
  }

  /** Designations of the subject's kind sharing a key with its name (people: individuals; else entities, ships). */
  candidatesFor(name: string, kind: SubjectKind): ListedParty[] {
    const found = new Set<ListedParty>();
    for (const key of nameTokenKeys(name, kind, 'screened'))
      for (const party of this.byKey.get(key) ?? []) if (partyKind(party) === kind) found.add(party);
    return [...found];
  }
}

/** Whether the prefilter hands this designation to the matcher for this name. */
export function prefilterKeeps(name: string, kind: SubjectKind, party: ListedParty): boolean {
  return new PrefilterIndex([party]).candidatesFor(name, kind).length > 0;
}
