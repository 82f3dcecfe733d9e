import { dayNumber } from '../domain/companies/register-dates';
import { listDate, type UkSanctionsListRow } from '../ingest/sanctions/uk-sanctions-list-writer';
import { isoDay as isoOfDay, KeyedRandom } from './details/keyed-random';
import { titleCase } from './details/demo-people';
import {
  ARABIC_FAMILY_NAMES,
  ARABIC_NAMES,
  ENTITY_KINDS,
  ENTITY_SUFFIXES,
  ENTITY_TYPES,
  ENTITY_WORDS,
  LATIN_TO_CYRILLIC,
  OTHER_FORENAMES,
  OTHER_SURNAMES,
  REGIMES,
  RUSSIAN_FEMALE_FROM,
  RUSSIAN_FORENAMES,
  RUSSIAN_SURNAMES,
  SHIP_FIRST,
  SHIP_FLAGS,
  SHIP_SECOND,
  SHIP_TYPES,
} from './demo-sanctions-vocabulary';
import type { DemoSanctionsCollision } from './demo-sanctions-collisions';

/*
 * The invented designations of the demo UK Sanctions List, as rows of the published CSV: individuals (Russian-
 * style names with their Cyrillic form and patronymics, Arabic-style names with their Arabic form, others in Latin
 * script), entities with legal forms and acronyms, ships, and the designations named like parties of the demo
 * register (collisions).
 */

const FIRST_DESIGNATION_DAY = dayNumber(2020, 12, 31);

export interface Designation {
  uniqueId: string;
  rows: UkSanctionsListRow[];
}
export type Regime = (typeof REGIMES)[number];

export function commonFields(random: KeyedRandom, regime: Regime, asOfDay: number): UkSanctionsListRow {
  const designated = random.day(FIRST_DESIGNATION_DAY, asOfDay - 1);
  const updated = random.chance(0.4) ? random.day(designated, asOfDay) : designated;
  const measures = ['Asset freeze'];
  if (random.chance(0.6)) measures.push('Travel Ban');
  if (random.chance(0.3)) measures.push('Director disqualification sanction');
  return {
    'Last Updated': listDate(isoOfDay(updated)),
    'Regime Name': regime[0],
    'Designation source': random.chance(0.8) ? 'UK' : 'UN',
    'Sanctions Imposed': measures.join('|'),
    'Date Designated': listDate(isoOfDay(designated)),
    'Other Information': random.chance(0.3) ? 'Demo designation: invented for the embedded default.' : '',
  };
}

/** D.O.B as the list gives it: sometimes whole, often the day unknown, sometimes only the year. */
function birthDate(random: KeyedRandom): string {
  const year = random.int(1945, 1990);
  const month = random.int(1, 12);
  const day = random.int(1, 28);
  return random.weighted([
    [`${pad(day)}/${pad(month)}/${year}`, 50],
    [`00/${pad(month)}/${year}`, 25],
    [`00/00/${year}`, 20],
    [`dd/mm/${year}`, 5],
  ] as const);
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export function filler(
  random: KeyedRandom,
  uniqueId: string,
  common: UkSanctionsListRow,
  country: string,
): Designation {
  const kind = random.weighted([
    ['individual', 55],
    ['entity', 35],
    ['ship', 10],
  ] as const);
  if (kind === 'entity') return entity(random, uniqueId, common, country, null);
  if (kind === 'ship') return ship(random, uniqueId, common);
  return person(random, uniqueId, common, country, null);
}

function person(
  random: KeyedRandom,
  uniqueId: string,
  common: UkSanctionsListRow,
  country: string,
  collision: Extract<DemoSanctionsCollision, { kind: 'person' }> | null,
): Designation {
  const style =
    collision?.script === 'cyrillic' ? 'russian' : collision ? 'latin' : styleFor(random, country);
  let given: string[];
  let surname: string;
  let nonLatin = '';
  let script = '';
  let language = '';
  const variations: { given: string[]; surname: string }[] = [];
  if (style === 'russian') {
    const f = random.int(0, RUSSIAN_FORENAMES.length - 1);
    const [first, firstCyr] = RUSSIAN_FORENAMES[f]!;
    const [family, familyCyr] = random.pick(RUSSIAN_SURNAMES);
    const female = f >= RUSSIAN_FEMALE_FROM;
    const [father, fatherCyr] = random.pick(RUSSIAN_FORENAMES.slice(0, RUSSIAN_FEMALE_FROM));
    given = [first, patronymic(father, female)];
    surname = female ? `${family}A` : family;
    nonLatin = `${firstCyr} ${patronymicCyrillic(fatherCyr, female)} ${female ? `${familyCyr}а` : familyCyr}`;
    script = 'Cyrillic';
    language = 'Russian';
    variations.push({
      given: [first.replace(/y$/, 'i').replace(/ya/g, 'ia')],
      surname: surname.replace(/YEV/g, 'EV'),
    });
  } else if (style === 'arabic') {
    const [first, firstAr] = random.pick(ARABIC_NAMES);
    const [father, fatherAr] = random.pick(ARABIC_NAMES);
    const [family, familyAr] = random.pick(ARABIC_FAMILY_NAMES);
    given = [first, father];
    surname = family;
    nonLatin = `${firstAr} ${fatherAr} ${familyAr}`;
    script = 'Arabic';
    language = 'Arabic';
    variations.push({ given: [first], surname: family.replace(/^AL-/, 'AL ') });
  } else {
    given = [random.pick(OTHER_FORENAMES)];
    if (random.chance(0.4)) given.push(random.pick(OTHER_FORENAMES));
    surname = random.pick(OTHER_SURNAMES);
  }

  const shared: UkSanctionsListRow = {
    ...common,
    'Unique ID': uniqueId,
    'Designation Type': 'Individual',
    'D.O.B': random.chance(0.85) ? birthDate(random) : '',
    'Nationality(/ies)': random.chance(0.8) ? country : '',
    'Address Country': random.chance(0.6) ? country : '',
    Position: random.chance(0.4) ? 'Invented position for the demo list' : '',
  };
  if (collision !== null && collision.script !== 'cyrillic') {
    given = collision.forenames.split(/\s+/).map(titleCase);
    surname = collision.surname.toUpperCase();
  }
  if (collision !== null) {
    shared['D.O.B'] =
      collision.birth === null ? '' : `00/${pad(collision.birth.month)}/${collision.birth.year}`;
    shared['Nationality(/ies)'] = '';
    shared['Other Information'] = 'Demo designation: invented, named like a party of the demo register.';
  }
  const cyrillicAlias =
    collision?.script === 'cyrillic' ? toCyrillic(`${collision.forenames} ${collision.surname}`) : '';
  const rows: UkSanctionsListRow[] = [
    {
      ...shared,
      ...nameColumns(given, surname),
      'Name type': 'Primary Name',
      Title: random.chance(0.2) ? random.pick(['Mr', 'Ms', 'Dr', 'General', 'Colonel']) : '',
      'Name non-latin script': nonLatin,
      'Non-latin script type': nonLatin && random.chance(0.7) ? script : '',
      'Non-latin script language': nonLatin && random.chance(0.5) ? language : '',
    },
  ];
  for (const variation of variations)
    if (random.chance(0.7))
      rows.push({
        ...shared,
        ...nameColumns(variation.given, variation.surname),
        'Name type': 'Primary Name Variation',
      });
  if (cyrillicAlias !== '') {
    // The alias is a name of its own, listed only in Cyrillic: a row with no Latin name columns.
    rows.push({
      ...shared,
      'Name type': 'Alias',
      'Name non-latin script': cyrillicAlias,
      'Non-latin script type': 'Cyrillic',
      'Non-latin script language': 'Russian',
    });
  }
  // A designation named like a demo party carries no invented aliases: what matches it is the name it shares.
  const aliases = collision
    ? 0
    : random.weighted([
        [0, 10],
        [1, 20],
        [2, 25],
        [3, 25],
        [5, 20],
      ] as const);
  const seen = new Set(rows.map((row) => `${row['Name 1'] ?? ''} ${row['Name 6'] ?? ''}`));
  for (let k = 0; k < aliases; k++) {
    const alias = random.chance(0.5)
      ? nameColumns(
          [random.chance(0.5) ? given[0]! : random.pick(OTHER_FORENAMES)],
          random.pick(OTHER_SURNAMES),
        )
      : nameColumns([], `ABU ${random.pick(ARABIC_NAMES)[0].toUpperCase()}`);
    const key = `${alias['Name 1'] ?? ''} ${alias['Name 6']}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({
      ...shared,
      ...alias,
      'Name type': 'Alias',
      'Alias strength': random.pick(['Good quality', 'Low quality', '']),
    });
  }
  return { uniqueId, rows };
}

function styleFor(random: KeyedRandom, country: string): 'russian' | 'arabic' | 'latin' {
  if (country === 'Russia' || country === 'Belarus') return random.chance(0.85) ? 'russian' : 'latin';
  if (['Syria', 'Iraq', 'Iran'].includes(country)) return random.chance(0.75) ? 'arabic' : 'latin';
  return 'latin';
}

function patronymic(father: string, female: boolean): string {
  const stem = father.replace(/[yi]$/, '');
  return stem + (female ? 'ovna' : 'ovich');
}

function patronymicCyrillic(father: string, female: boolean): string {
  const stem = father.replace(/[йь]$/, '');
  return stem + (female ? 'овна' : 'ович');
}

const NO_NAME: UkSanctionsListRow = { 'Name 1': '', 'Name 2': '', 'Name 3': '', 'Name 4': '', 'Name 5': '' };

/** Name 1 … Name 5 and Name 6 columns of a name. */
function nameColumns(given: readonly string[], surname: string): UkSanctionsListRow {
  const row: UkSanctionsListRow = { 'Name 6': surname };
  const columns = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5'] as const;
  given.slice(0, 5).forEach((name, index) => (row[columns[index]!] = name));
  return row;
}

/** A Latin-script name spelt in Cyrillic letter by letter, as a Russian-language document might render it. */
export function toCyrillic(name: string): string {
  return name
    .toLowerCase()
    .split(/\s+/)
    .map((word) => {
      let out = '';
      for (let i = 0; i < word.length;) {
        const pair = LATIN_TO_CYRILLIC.find(([latin]) => word.startsWith(latin, i));
        if (pair === undefined) {
          out += word[i];
          i++;
        } else {
          out += pair[1];
          i += pair[0].length;
        }
      }
      return out.charAt(0).toUpperCase() + out.slice(1);
    })
    .join(' ');
}

function entity(
  random: KeyedRandom,
  uniqueId: string,
  common: UkSanctionsListRow,
  country: string,
  collision: Extract<DemoSanctionsCollision, { kind: 'entity' }> | null,
): Designation {
  const stem = `${random.pick(ENTITY_WORDS)} ${random.pick(ENTITY_KINDS)}`;
  const name = collision?.name ?? `${stem} ${random.pick(ENTITY_SUFFIXES)}`;
  const shared: UkSanctionsListRow = {
    ...common,
    'Unique ID': uniqueId,
    'Designation Type': 'Entity',
    'Address Line 1': random.chance(0.5) ? `Office ${random.int(1, 90)}` : '',
    'Address Country': collision ? 'United Arab Emirates' : country,
    'Type of entity': random.pick(ENTITY_TYPES),
    'Business registration number (s)': random.chance(0.4)
      ? String(random.int(1_000_000_000, 9_999_999_999))
      : '',
  };
  if (collision)
    shared['Other Information'] = 'Demo designation: invented, named like a company of the demo register.';
  const cyrillic = country === 'Russia' && random.chance(0.5) ? `ООО «${toCyrillic(stem)}»` : '';
  const rows: UkSanctionsListRow[] = [
    {
      ...shared,
      'Name 6': name,
      'Name type': 'Primary Name',
      'Name non-latin script': cyrillic,
      'Non-latin script type': cyrillic ? 'Cyrillic' : '',
    },
  ];
  const aliases = collision ? 1 : random.int(1, 5);
  const seen = new Set([name]);
  for (let k = 0; k < aliases; k++) {
    const alias = random.pick([
      () =>
        stem
          .split(' ')
          .map((word) => word[0])
          .join('') + random.pick(['', ' GROUP']),
      () => `${stem} ${random.pick(ENTITY_SUFFIXES)}`,
      () => `${random.pick(ENTITY_WORDS)} ${stem.split(' ')[1]}`,
    ])();
    if (seen.has(alias)) continue;
    seen.add(alias);
    rows.push({
      ...shared,
      'Name 6': alias,
      'Name type': random.chance(0.3) ? 'Primary Name Variation' : 'Alias',
    });
  }
  return { uniqueId, rows };
}

function ship(random: KeyedRandom, uniqueId: string, common: UkSanctionsListRow): Designation {
  const name = `${random.pick(SHIP_FIRST)} ${random.pick(SHIP_SECOND)}`;
  const shared: UkSanctionsListRow = {
    ...common,
    'Unique ID': uniqueId,
    'Designation Type': 'Ship',
    'Sanctions Imposed': 'Ship specification|Prohibition on port entry',
    'IMO number': withImoCheckDigit(random.int(910_000, 989_999)),
    'Current believed flag of ship': random.pick(SHIP_FLAGS),
    'Previous flags': random.chance(0.5) ? random.pick(SHIP_FLAGS) : '',
    'Type of ship': random.pick(SHIP_TYPES),
    'Tonnage of ship': String(random.int(5_000, 160_000)),
    'Length of ship': String(random.int(90, 330)),
    'Year Built': String(random.int(1995, 2012)),
    'Current owner/operator (s)': `${random.pick(ENTITY_WORDS)} SHIPPING ${random.pick(ENTITY_SUFFIXES)}`,
  };
  const rows: UkSanctionsListRow[] = [{ ...shared, 'Name 6': name, 'Name type': 'Primary Name' }];
  if (random.chance(0.6))
    rows.push({
      ...shared,
      'Name 6': `${name} ${random.pick(['I', 'II', '1'])}`,
      'Name type': 'Primary Name Variation',
    });
  // Ships are renamed to slip their listing: former names are listed as aliases.
  const former = `${random.pick(SHIP_FIRST)} ${random.pick(SHIP_SECOND)}`;
  if (former !== name && random.chance(0.5)) rows.push({ ...shared, 'Name 6': former, 'Name type': 'Alias' });
  return { uniqueId, rows };
}

/** Six digits and the IMO check digit, so the demo's ships carry numbers the matcher reads as IMO numbers. */
export function withImoCheckDigit(serial: number): string {
  const digits = String(serial);
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(digits[i]) * (7 - i);
  return `${digits}${sum % 10}`;
}

export function collisionDesignation(
  random: KeyedRandom,
  uniqueId: string,
  common: UkSanctionsListRow,
  collision: DemoSanctionsCollision,
): Designation {
  switch (collision.kind) {
    case 'entity':
      return entity(random, uniqueId, common, 'United Arab Emirates', collision);
    case 'person':
      return person(random, uniqueId, common, 'Russia', collision);
    case 'registered_entity': {
      // Its primary name alone: an invented alias or a Cyrillic form could come near a demo company's name,
      // and this designation is there to be found by its number.
      const [primary] = entity(random, uniqueId, common, 'Russia', {
        kind: 'entity',
        name: collision.name,
      }).rows;
      return {
        uniqueId,
        rows: [
          {
            ...primary,
            'Name non-latin script': '',
            'Non-latin script type': '',
            'Business registration number (s)': collision.registrationNumbers,
            'Other Information':
              'Demo designation: invented, with the registration number of a demo company.',
          },
        ],
      };
    }
    case 'weak_aliases': {
      // An invented individual; what may match a demo officer is only the weak aliases, so nothing about the
      // person (birth, nationality, address) is listed to move the score.
      const invented = person(random, uniqueId, common, 'Russia', null);
      const bare = (row: UkSanctionsListRow): UkSanctionsListRow => ({
        ...row,
        'D.O.B': '',
        'Nationality(/ies)': '',
        'Address Country': '',
        'Other Information': 'Demo designation: invented, with low-quality aliases named like demo officers.',
      });
      const shared = bare(invented.rows[0]!);
      return {
        uniqueId,
        rows: [
          ...invented.rows.map(bare),
          ...collision.aliases.map((alias) => ({
            ...shared,
            ...NO_NAME,
            ...nameColumns(alias.forenames.split(/\s+/), alias.surname),
            Title: '',
            'Name non-latin script': '',
            'Non-latin script type': '',
            'Non-latin script language': '',
            'Name type': 'Alias',
            'Alias strength': 'Low quality',
          })),
        ],
      };
    }
  }
}
