import { namesakeOf } from '../../../bench/eval-sanctions/population';
import { sameFullName } from '../../../bench/eval-sanctions/same-full-name';
import type { ListedParty } from '../../../src/domain/sanctions/matching/listed-party';

const party = (id: string, ...names: string[]): ListedParty => ({
  id,
  type: 'individual',
  names: names.map((text, i) => ({ text, kind: i === 0 ? 'primary' : 'alias' })),
  birthDates: [],
  nationalities: [],
  countries: [],
});

describe("the population's split of flagged people into namesakes and variants", () => {
  it("takes Companies House's SURNAME, Forenames and the list's Forenames SURNAME for the same name", () => {
    expect(sameFullName('OSIPOV, Igor', 'Igor OSIPOV')).toBe(true);
    expect(sameFullName('AL-HAKIM, Jamal', 'Jamal AL HAKIM')).toBe(true);
    expect(sameFullName('GROMOVA, Elena', 'Громова Елена')).toBe(true);
    expect(sameFullName('GÖKÇE, Şule', 'Sule GOKCE')).toBe(true);
  });

  it('does not take a near name, a missing or an extra word for the same name', () => {
    expect(sameFullName('OSIPOVA, Irina', 'Irina OSIPOV')).toBe(false);
    expect(sameFullName('OSIPOV, Igor Petrovich', 'Igor OSIPOV')).toBe(false);
    expect(sameFullName('OSIPOV, Igor', 'Igor Petrovich OSIPOV')).toBe(false);
    expect(sameFullName('', '')).toBe(false);
  });

  it("finds the namesake among every match and every name of the designation, not only the best match's name", () => {
    const near = party('RUS0001', 'Igor OSIPOVICH');
    const namesake = party('RUS0002', 'Igor Petrovich OSIPOV', 'Igor OSIPOV');
    const matches = [
      { party: near, score: 0.9 },
      { party: namesake, score: 0.86 },
    ];
    expect(namesakeOf('OSIPOV, Igor', matches)).toEqual({
      subject: 'OSIPOV, Igor',
      party: 'Igor OSIPOV',
      score: 0.86,
    });
    expect(namesakeOf('OSIPOVA, Irina', matches)).toBeNull();
  });
});
