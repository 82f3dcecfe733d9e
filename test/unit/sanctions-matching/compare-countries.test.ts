import {
  compareNationality,
  compareResidence,
  countryCodes,
} from '../../../src/domain/sanctions/matching/compare-countries';
import { DEFAULT_MATCH_WEIGHTS } from '../../../src/domain/sanctions/matching/match-settings';

describe('countryCodes', () => {
  it.each([
    ['British', ['GB']],
    ['England', ['GB']],
    ['United Kingdom', ['GB']],
    ['Russian', ['RU']],
    ['Russian Federation', ['RU']],
    ['RU', ['RU']],
    ["Democratic People's Republic of Korea", ['KP']],
    ['Bosnia and Herzegovina', ['BA']],
    ['British,Russian', ['GB', 'RU']],
    ['British / Cypriot', ['GB', 'CY']],
    ['Россия', ['RU']],
  ])('%s → %j', (text, codes) => {
    expect(countryCodes(text)).toEqual(codes);
  });

  it('keeps a value the table does not know as written, and nothing for nothing', () => {
    expect(countryCodes('Ruritanian')).toEqual(['RURITANIAN']);
    expect(countryCodes(null)).toEqual([]);
    expect(countryCodes('  ')).toEqual([]);
  });
});

describe('compareNationality and compareResidence', () => {
  const nationality = DEFAULT_MATCH_WEIGHTS.nationality;
  const residence = DEFAULT_MATCH_WEIGHTS.residence;

  it('agrees when a demonym and a country name are one country', () => {
    expect(compareNationality('Russian', ['Russia'], nationality)).toEqual({
      rule: 'nationality_agrees',
      adjustment: nationality.agrees,
      subject: ['RU'],
      listed: ['RU'],
      shared: ['RU'],
    });
  });

  it('agrees on any one of several nationalities', () => {
    expect(compareNationality('British,Russian', ['Russia', 'Israel'], nationality).rule).toBe(
      'nationality_agrees',
    );
  });

  it('differs when both are known and share nothing', () => {
    expect(compareNationality('British', ['Canada'], nationality)).toMatchObject({
      rule: 'nationality_differs',
      adjustment: nationality.differs,
    });
  });

  it('is neutral when either side is unknown', () => {
    expect(compareNationality(null, ['Russia'], nationality)).toMatchObject({
      rule: 'nationality_unknown',
      adjustment: 0,
    });
    expect(compareNationality('Russian', [], nationality)).toMatchObject({
      rule: 'nationality_unknown',
      adjustment: 0,
    });
  });

  it('reads a residence in England as the United Kingdom', () => {
    expect(compareResidence('England', ['United Kingdom'], residence).rule).toBe('residence_agrees');
    expect(compareResidence('Scotland', ['Russia'], residence)).toMatchObject({
      rule: 'residence_differs',
      adjustment: residence.differs,
    });
  });
});
