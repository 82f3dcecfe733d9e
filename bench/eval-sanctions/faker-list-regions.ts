import { az, es_MX, hy, ko, ru, tr, uk, zh_CN, type LocaleDefinition } from '@faker-js/faker';
import { romanisedRegion, type ListRegion, type SexedNames } from './list-region-names';

/*
 * The list-region name pools: the first, last and middle names of @faker-js/faker's locale data (pinned in
 * package.json, so the population is the same on every clone), one locale per country the UK list's regimes name
 * most. Weights roughly follow the list: Russia and Belarus most, then China, Ukraine, Turkey, Korea.
 *
 * Left out: faker's ar, fa and ur names are in Arabic script without vowels, whose transliteration is not a name
 * ("btwl" for Batul), so the Syrian, Iraqi and Iranian designations have no namesakes in this group; and faker has
 * no Belarusian, Burmese or Malian names (Belarusian directors are named from the Russian pool).
 */

type Region = Omit<ListRegion, 'forenames' | 'surnames' | 'patronymics'>;

const REGIONS: readonly (Region & { data: LocaleDefinition })[] = [
  {
    locale: 'ru',
    data: ru,
    weight: 35,
    romanisation: 'alphabetic',
    nationalities: [
      ['Russian', 6],
      ['Belarusian', 1],
      ['Latvian', 1],
      ['British', 2],
    ],
  },
  {
    locale: 'uk',
    data: uk,
    weight: 15,
    romanisation: 'alphabetic',
    nationalities: [
      ['Ukrainian', 7],
      ['British', 3],
    ],
  },
  {
    locale: 'zh_CN',
    data: zh_CN,
    weight: 15,
    romanisation: 'syllabic',
    nationalities: [
      ['Chinese', 7],
      ['British', 3],
    ],
  },
  {
    locale: 'tr',
    data: tr,
    weight: 10,
    romanisation: 'alphabetic',
    nationalities: [
      ['Turkish', 7],
      ['British', 3],
    ],
  },
  {
    locale: 'ko',
    data: ko,
    weight: 8,
    romanisation: 'syllabic',
    nationalities: [
      ['South Korean', 7],
      ['British', 3],
    ],
  },
  {
    locale: 'es_MX',
    data: es_MX,
    weight: 8,
    romanisation: 'alphabetic',
    doubleSurnameShare: 0.5,
    nationalities: [
      ['Venezuelan', 3],
      ['Colombian', 2],
      ['Mexican', 2],
      ['British', 3],
    ],
  },
  {
    locale: 'az',
    data: az,
    weight: 5,
    romanisation: 'alphabetic',
    nationalities: [
      ['Azerbaijani', 7],
      ['British', 3],
    ],
  },
  {
    locale: 'hy',
    data: hy,
    weight: 4,
    romanisation: 'alphabetic',
    nationalities: [
      ['Armenian', 7],
      ['British', 3],
    ],
  },
];

function names(value: unknown): SexedNames | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return { generic: value as string[] };
  return value as SexedNames;
}

/** The regions with their names romanised; built once per run. */
export function fakerListRegions(): ListRegion[] {
  return REGIONS.map(({ data, ...region }) =>
    romanisedRegion({
      ...region,
      forenames: names(data.person?.first_name)!,
      surnames: names(data.person?.last_name)!,
      patronymics: names(data.person?.middle_name),
    }),
  );
}
