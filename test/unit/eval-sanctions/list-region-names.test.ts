import {
  listRegionPerson,
  romanise,
  romanisedRegion,
  type ListRegion,
} from '../../../bench/eval-sanctions/list-region-names';
import { KeyedRandom } from '../../../src/demo/details/keyed-random';

const russian: ListRegion = romanisedRegion({
  locale: 'ru',
  weight: 1,
  romanisation: 'alphabetic',
  nationalities: [['Russian', 1]],
  forenames: { female: ['Алёна'], male: ['Захар'] },
  surnames: { female: ['Кузнецова'], male: ['Кузнецов'] },
  patronymics: { female: ['Петровна'], male: ['Петрович'] },
});

const people = (regions: ListRegion[], count: number) =>
  Array.from({ length: count }, (_, i) => listRegionPerson(new KeyedRandom(7, `person:${i}`), regions));

describe("the population's list-region names", () => {
  it('writes Cyrillic as the list does (Ц as TS, Х as KH), Azerbaijani Ə as A, and drops apostrophes', () => {
    expect(romanise('Кузнецов', 'alphabetic')).toBe('Kuznetsov');
    expect(romanise('Захар', 'alphabetic')).toBe('Zakhar');
    expect(romanise('Məmmədov', 'alphabetic')).toBe('Mammadov');
    expect(romanise('Ալեքսանյան', 'alphabetic')).toBe('Aleksanyan');
  });

  it('writes a Chinese or Korean name as one word, and leaves out what cannot be a Latin name', () => {
    expect(romanise('上官', 'syllabic')).toBe('Shangguan');
    expect(romanise('민서', 'syllabic')).toBe('Minseo');
    expect(romanise('3', 'alphabetic')).toBeNull();
    expect(
      romanisedRegion({ ...russian, surnames: { generic: ['Кузнецов', '42'] } }).surnames.generic,
    ).toEqual(['Kuznetsov']);
  });

  it('names a person as Companies House does, SURNAME, Forenames, in the sex of the name and patronymic', () => {
    const names = new Set(people([russian], 200).map((p) => p.name));
    expect(names).toEqual(
      new Set([
        'KUZNETSOVA, Alyona',
        'KUZNETSOVA, Alyona Petrovna',
        'KUZNETSOV, Zakhar',
        'KUZNETSOV, Zakhar Petrovich',
      ]),
    );
  });

  it('joins two surnames where the region does, and draws the same people from the same seed', () => {
    const spanish = romanisedRegion({
      locale: 'es_MX',
      weight: 1,
      romanisation: 'alphabetic',
      doubleSurnameShare: 1,
      nationalities: [['Venezuelan', 1]],
      forenames: { generic: ['Hernán'] },
      surnames: { generic: ['Muñiz'] },
    });
    expect(people([spanish], 1)[0]).toEqual({
      name: 'MUNIZ MUNIZ, Hernan',
      nationality: 'Venezuelan',
      locale: 'es_MX',
    });
    expect(people([russian, spanish], 50)).toEqual(people([russian, spanish], 50));
  });

  it('refuses a region with no names for a sex rather than naming someone ""', () => {
    const empty = { ...russian, forenames: {} };
    expect(() => people([empty], 1)).toThrow(/no (fe)?male names/);
  });
});
