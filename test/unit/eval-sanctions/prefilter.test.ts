import { PrefilterIndex, prefilterKeeps } from '../../../bench/eval-sanctions/prefilter';
import type { ListedParty } from '../../../src/domain/sanctions/matching/listed-party';

const party = (id: string, type: ListedParty['type'], ...names: string[]): ListedParty => ({
  id,
  type,
  names: names.map((text, i) => ({ text, kind: i === 0 ? 'primary' : 'alias' })),
  birthDates: [],
  nationalities: [],
  countries: [],
});

describe("the evaluation's in-memory prefilter", () => {
  const putin = party('P1', 'individual', 'Vladimir Vladimirovich PUTIN');
  const trading = party('E1', 'entity', 'PUTIN TRADING LLC');
  const ship = party('S1', 'ship', 'PUTIN STAR');
  const index = new PrefilterIndex([putin, trading, ship]);

  it('hands people only individuals, and entities only entities and ships, sharing a key', () => {
    expect(index.candidatesFor('PUTIN, Vladimir', 'person')).toEqual([putin]);
    expect(index.candidatesFor('PUTIN HOLDINGS LIMITED', 'entity')).toEqual([trading, ship]);
  });

  it('keeps a slip late in a word (the key is its first four folded letters) and drops a name sharing no key', () => {
    expect(prefilterKeeps('Vladimir Putinn', 'person', putin, {})).toBe(true);
    expect(prefilterKeeps('Jose Garcia', 'person', putin, {})).toBe(false);
  });

  it('gives no key for initials alone, so such a name reaches no designation', () => {
    expect(index.candidatesFor('V V P', 'person')).toEqual([]);
  });
});
