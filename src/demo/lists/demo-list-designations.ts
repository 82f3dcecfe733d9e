import { dayNumber } from '../../domain/companies/register-dates';
import { isoDay, KeyedRandom } from '../details/keyed-random';
import { toCyrillic, withImoCheckDigit } from '../demo-sanctions-designations';
import {
  ARABIC_FAMILY_NAMES,
  ARABIC_NAMES,
  ENTITY_KINDS,
  ENTITY_WORDS,
  OTHER_FORENAMES,
  OTHER_SURNAMES,
  RUSSIAN_FEMALE_FROM,
  RUSSIAN_FORENAMES,
  RUSSIAN_SURNAMES,
  SHIP_FIRST,
  SHIP_FLAGS,
  SHIP_SECOND,
  SHIP_TYPES,
} from '../demo-sanctions-vocabulary';
import {
  AUTONOMOUS_THEMES,
  KOREAN_GIVEN,
  KOREAN_SURNAMES,
  OTHER_LEGAL_FORMS,
  RUSSIAN_LEGAL_FORMS,
  STREETS,
  UN_THEMES,
  type DemoListCountry,
  type DemoListTheme,
} from './demo-list-themes';

/*
 * The invented designations of the demo OFAC, EU and UN lists, before any list's layout: each writer
 * (demo-un-list-xml.ts, demo-eu-list-xml.ts, demo-ofac-sdn-csv.ts, and the UK list's for the UN's) renders the ones
 * on its list in its own words. Kept list-neutral so that one designation on several lists is the same person
 * there, as the real lists overlap: every Security Council designation is also on the EU's list (with the EU's
 * unitedNationId) and the UK's (with its UN Reference Number), about half also on OFAC's under the same name and
 * date of birth; the EU's and OFAC's own designations are on one of them or, a fifth of them, on both.
 */

export const demoListIds = ['un', 'eu', 'ofac', 'uk'] as const;
export type DemoListId = (typeof demoListIds)[number];

/** A name in parts: given names (none for an entity or ship) and the surname, or the whole name of an entity. */
export interface DemoName {
  given: readonly string[];
  surname: string;
}

export interface DemoListDesignation {
  /** Stable across lists and runs: "un:3", "own:41", "ofac-namesake". */
  key: string;
  type: 'individual' | 'entity' | 'ship';
  theme: DemoListTheme;
  lists: ReadonlySet<DemoListId>;
  name: DemoName;
  /** The name in its own script (Cyrillic, Arabic), when it has one. */
  originalScript: string | null;
  aliases: readonly { name: DemoName; weak: boolean }[];
  /** month and day null when the lists know only the year (or the month and year). */
  birth: { year: number; month: number | null; day: number | null } | null;
  nationality: DemoListCountry | null;
  address: { street: string | null; city: string; country: DemoListCountry } | null;
  /** ISO days: when the list's programme first listed it, and its last amendment (null: none). */
  listedOn: string;
  amendedOn: string | null;
  /** A Russian OGRN (13 digits, check digit valid) for an entity registered there. */
  registrationNumber: string | null;
  imoNumber: string | null;
  ship: { flag: string; type: string; tonnage: number } | null;
  /** The UN's REFERENCE_NUMBER and DATAID, for a Security Council designation. */
  un: { referenceNumber: string; dataId: number } | null;
  /** The EU's sanctionEntity logicalId and euReferenceNumber. */
  eu: { logicalId: number; referenceNumber: string };
  /** OFAC's ent_num. */
  ofacEntNum: number;
  remark: string;
}

export interface DemoListsOptions {
  /** Security Council designations (on the UN, EU and UK lists, some on OFAC's). */
  un: number;
  /** The EU's and OFAC's own designations. */
  autonomous: number;
  seed?: number;
  /** The lists' publication day; nothing is listed after it. Default: now. */
  asOf?: Date;
}

export const DEMO_LISTS_MAX_DESIGNATIONS = 10_000;

/** The sizes of the embedded default: with these, the UN list has 30 designations, the EU's about 95, OFAC's about 80. */
export const DEMO_LISTS_SEED_SIZES = { un: 30, autonomous: 100 } as const;

const FIRST_UN_DAY = dayNumber(2003, 1, 1);
const FIRST_AUTONOMOUS_DAY = dayNumber(2012, 1, 1);
const EU_FIRST_LOGICAL_ID = 800_001;
const OFAC_FIRST_ENT_NUM = 70_001;

export function demoListDesignations(options: DemoListsOptions): DemoListDesignation[] {
  const { un, autonomous, seed = 1 } = options;
  for (const [name, value] of [
    ['un', un],
    ['autonomous', autonomous],
  ] as const)
    if (!Number.isInteger(value) || value < 0 || value > DEMO_LISTS_MAX_DESIGNATIONS)
      throw new RangeError(`${name} must be a whole number from 0 to ${DEMO_LISTS_MAX_DESIGNATIONS}`);
  if (!Number.isInteger(seed)) throw new RangeError('seed must be a whole number');
  const asOfDay = Math.floor((options.asOf ?? new Date()).getTime() / 86_400_000);
  if (Number.isNaN(asOfDay)) throw new RangeError('asOf is not a valid date');

  const unNumbers = new Map<string, number>();
  const designations: DemoListDesignation[] = [];
  for (let i = 0; i < un + autonomous; i++) {
    const random = new KeyedRandom(seed, `demo-lists:${i}`);
    const onUn = i < un;
    const theme = onUn ? random.pick(UN_THEMES) : random.weighted(AUTONOMOUS_THEMES);
    const type = onUn
      ? random.chance(0.7)
        ? 'individual'
        : 'entity'
      : random.weighted([
          ['individual', 55],
          ['entity', 33],
          ['ship', 12],
        ] as const);
    const lists = new Set<DemoListId>(
      onUn
        ? ['un', 'eu', 'uk', ...(random.chance(0.5) ? (['ofac'] as const) : [])]
        : type === 'ship'
          ? ['eu', 'ofac']
          : random.weighted<DemoListId[]>([
              [['eu'], 40],
              [['ofac'], 40],
              [['eu', 'ofac'], 20],
            ]),
    );
    const listed = random.day(onUn ? FIRST_UN_DAY : FIRST_AUTONOMOUS_DAY, asOfDay - 1);
    const parts =
      type === 'individual'
        ? person(random, theme)
        : type === 'entity'
          ? entity(random, theme)
          : ship(random);
    let unIds: DemoListDesignation['un'] = null;
    if (onUn) {
      const prefix = `${theme.un!.prefix}${type === 'individual' ? 'i' : 'e'}`;
      const n = (unNumbers.get(prefix) ?? 900) + 1;
      unNumbers.set(prefix, n);
      unIds = { referenceNumber: `${prefix}.${n}`, dataId: 6_900_001 + i };
    }
    designations.push({
      key: onUn ? `un:${i}` : `own:${i - un}`,
      type,
      theme,
      lists,
      ...parts,
      nationality: type === 'individual' && random.chance(0.8) ? theme.country : null,
      address:
        type === 'ship' || random.chance(0.25)
          ? null
          : {
              street: random.chance(0.5) ? `${random.int(1, 120)} ${random.pick(STREETS)}` : null,
              city: random.pick(theme.country.cities),
              country: theme.country,
            },
      listedOn: isoDay(listed),
      amendedOn: random.chance(0.4) ? isoDay(random.day(listed + 1, asOfDay - 1)) : null,
      un: unIds,
      eu: {
        logicalId: EU_FIRST_LOGICAL_ID + i,
        referenceNumber: `EU.${8000 + i}.${String(random.int(1, 99)).padStart(2, '0')}`,
      },
      ofacEntNum: OFAC_FIRST_ENT_NUM + i,
      remark: 'Demo designation: invented for the embedded default.',
    });
  }
  return designations;
}

export function onList(
  designations: readonly DemoListDesignation[],
  list: DemoListId,
): DemoListDesignation[] {
  return designations.filter((designation) => designation.lists.has(list));
}

type Parts = Pick<
  DemoListDesignation,
  'name' | 'originalScript' | 'aliases' | 'birth' | 'registrationNumber' | 'imoNumber' | 'ship'
>;

const NONE = { registrationNumber: null, imoNumber: null, ship: null } as const;

function person(random: KeyedRandom, theme: DemoListTheme): Parts {
  let name: DemoName;
  let originalScript: string | null = null;
  const aliases: { name: DemoName; weak: boolean }[] = [];
  if (theme.style === 'russian') {
    const f = random.int(0, RUSSIAN_FORENAMES.length - 1);
    const female = f >= RUSSIAN_FEMALE_FROM;
    const [first, firstCyrillic] = RUSSIAN_FORENAMES[f]!;
    const [father, fatherCyrillic] = random.pick(RUSSIAN_FORENAMES.slice(0, RUSSIAN_FEMALE_FROM));
    const [family, familyCyrillic] = random.pick(RUSSIAN_SURNAMES);
    const ending = female ? ['ovna', 'овна'] : ['ovich', 'ович'];
    const surname = female ? `${family}A` : family;
    name = { given: [first, father.replace(/[yi]$/, '') + ending[0]], surname };
    originalScript = `${firstCyrillic} ${fatherCyrillic.replace(/[йь]$/, '')}${ending[1]} ${familyCyrillic}${female ? 'а' : ''}`;
    if (random.chance(0.5)) aliases.push({ name: { given: [first], surname }, weak: false });
  } else if (theme.style === 'arabic') {
    const [first, firstArabic] = random.pick(ARABIC_NAMES);
    const [father, fatherArabic] = random.pick(ARABIC_NAMES);
    const [family, familyArabic] = random.pick(ARABIC_FAMILY_NAMES);
    name = { given: [first, father], surname: family };
    originalScript = `${firstArabic} ${fatherArabic} ${familyArabic}`;
    if (random.chance(0.5))
      aliases.push({ name: { given: [first], surname: family.replace(/^AL-/, 'AL ') }, weak: false });
    // The kunya, "father of …", is how the lists' weak aliases most often read.
    if (random.chance(0.6))
      aliases.push({
        name: { given: [], surname: `ABU ${random.pick(ARABIC_NAMES)[0].toUpperCase()}` },
        weak: true,
      });
  } else if (theme.style === 'korean') {
    // Two-syllable given names, which the lists also spell hyphenated.
    const given = `${random.pick(KOREAN_GIVEN)} ${random.pick(KOREAN_GIVEN).toLowerCase()}`;
    name = { given: [given], surname: random.pick(KOREAN_SURNAMES) };
    if (random.chance(0.5))
      aliases.push({ name: { given: [given.replace(' ', '-')], surname: name.surname }, weak: false });
  } else {
    const names = theme.latinNames ?? { given: OTHER_FORENAMES, surnames: OTHER_SURNAMES };
    name = { given: [random.pick(names.given)], surname: random.pick(names.surnames) };
    if (random.chance(0.4))
      aliases.push({
        name: { given: [], surname: `${name.given[0]!.toUpperCase()} ${random.pick(['EL', 'AG', 'OULD'])}` },
        weak: true,
      });
  }
  const year = random.int(1950, 1992);
  const month = random.int(1, 12);
  const birth = random.weighted([
    [{ year, month, day: random.int(1, 28) }, 60],
    [{ year, month, day: null }, 25],
    [{ year, month: null, day: null }, 15],
  ] as const);
  return { ...NONE, name, originalScript, aliases, birth: random.chance(0.9) ? birth : null };
}

function entity(random: KeyedRandom, theme: DemoListTheme): Parts {
  const russian = theme.country.iso2 === 'RU';
  const stem = `${random.pick(ENTITY_WORDS)} ${random.pick(ENTITY_KINDS)}`;
  const whole = `${stem} ${random.pick(russian ? RUSSIAN_LEGAL_FORMS : OTHER_LEGAL_FORMS)}`;
  const aliases: { name: DemoName; weak: boolean }[] = [];
  if (random.chance(0.5)) aliases.push({ name: { given: [], surname: stem }, weak: false });
  const acronym = whole
    .split(' ')
    .map((word) => word[0])
    .join('');
  if (random.chance(0.4)) aliases.push({ name: { given: [], surname: acronym }, weak: true });
  return {
    ...NONE,
    name: { given: [], surname: whole },
    originalScript: russian && random.chance(0.5) ? `ООО «${toCyrillic(stem)}»` : null,
    aliases,
    birth: null,
    registrationNumber: russian && random.chance(0.7) ? ogrn(random) : null,
  };
}

function ship(random: KeyedRandom): Parts {
  const whole = `${random.pick(SHIP_FIRST)} ${random.pick(SHIP_SECOND)}`;
  const former = `${random.pick(SHIP_FIRST)} ${random.pick(SHIP_SECOND)}`;
  return {
    name: { given: [], surname: whole },
    originalScript: null,
    aliases:
      former !== whole && random.chance(0.5) ? [{ name: { given: [], surname: former }, weak: false }] : [],
    birth: null,
    registrationNumber: null,
    imoNumber: withImoCheckDigit(random.int(910_000, 989_999)),
    ship: {
      flag: random.pick(SHIP_FLAGS),
      type: random.pick(SHIP_TYPES),
      tonnage: random.int(5_000, 160_000),
    },
  };
}

/**
 * A legal entity's OGRN: 1, the year's last two digits, the region, the tax office, a serial, and the check digit
 * (the first twelve digits mod 11, mod 10), so the identifier reader takes it as it takes a real one.
 */
function ogrn(random: KeyedRandom): string {
  const two = (lo: number, hi: number) => String(random.int(lo, hi)).padStart(2, '0');
  const first = `1${two(2, 24)}${two(1, 99)}${two(1, 99)}${String(random.int(0, 99_999)).padStart(5, '0')}`;
  return `${first}${Number(BigInt(first) % 11n) % 10}`;
}

/** Given names then surname, as most lists print a whole name. */
export function wholeName(name: DemoName): string {
  return [...name.given, name.surname].join(' ');
}
