import { createWriteStream } from 'node:fs';
import { ChunkedWriter } from './chunked-writer';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/core';
import { dayNumber } from '../domain/companies/register-dates';
import { knexOf } from '../domain/companies/register-sql';
import type { SanctionsListImportResult } from '../domain/sanctions/sanctions-list-import-result';
import { importSanctionsList } from '../ingest/sanctions/import-sanctions-list';
import {
  listDate,
  reportDateLine,
  UK_SANCTIONS_LIST_HEADER_LINE,
  ukSanctionsListRowLine,
  type UkSanctionsListRow,
} from '../ingest/sanctions/uk-sanctions-list-writer';
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

/*
 * A demo UK Sanctions List in the published CSV layout, deterministic from its seed, at any size (a couple of
 * hundred designations for the embedded default, ≈5,000 designations and ≈20,000 names for the benchmark). The
 * list goes the way the real one goes: written as the CSV, then read by the importer. Every designation is
 * invented. `collisions` adds designations named like parties of the demo register, so screening it finds
 * something: see demoSanctionsCollisions for the ones the embedded default seeds.
 */

export type DemoSanctionsCollision =
  | {
      kind: 'person';
      forenames: string;
      surname: string;
      /** Written as D.O.B "00/MM/YYYY"; null: no date of birth listed. */
      birth: { year: number; month: number } | null;
      /** `cyrillic`: the Latin names are invented and only a Cyrillic-script alias spells this name. */
      script?: 'latin' | 'cyrillic';
      note?: string;
    }
  | { kind: 'entity'; name: string; note?: string };

export interface DemoSanctionsListOptions {
  designations: number;
  seed?: number;
  /** The Report Date and the latest day anything is designated or updated. Default: now. */
  asOf?: Date;
  collisions?: readonly DemoSanctionsCollision[];
  /** End the stream when done (default true). */
  end?: boolean;
}

export interface DemoSanctionsListWritten {
  designations: number;
  names: number;
  rows: number;
  /** Unique ID of each collision designation, in the order given. */
  collisionIds: string[];
}

export const DEMO_SANCTIONS_MAX_DESIGNATIONS = 100_000;
export const DEMO_SANCTIONS_SEED_DESIGNATIONS = 120;
const FIRST_DESIGNATION_DAY = dayNumber(2020, 12, 31);

interface Designation {
  uniqueId: string;
  rows: UkSanctionsListRow[];
}

export async function writeDemoSanctionsList(
  out: Writable,
  options: DemoSanctionsListOptions,
): Promise<DemoSanctionsListWritten> {
  const { designations, seed = 1, end = true } = options;
  const collisions = options.collisions ?? [];
  if (!Number.isInteger(designations) || designations < 0 || designations > DEMO_SANCTIONS_MAX_DESIGNATIONS)
    throw new RangeError(`designations must be a whole number from 0 to ${DEMO_SANCTIONS_MAX_DESIGNATIONS}`);
  if (collisions.length > designations) throw new RangeError('more collisions than designations');
  if (!Number.isInteger(seed)) throw new RangeError('seed must be a whole number');
  const asOfDay = Math.floor((options.asOf ?? new Date()).getTime() / 86_400_000);
  if (Number.isNaN(asOfDay)) throw new RangeError('asOf is not a valid date');

  const numbers = new Map<string, number>();
  const nextId = (prefix: string) => {
    const n = (numbers.get(prefix) ?? 0) + 1;
    numbers.set(prefix, n);
    return `${prefix}${String(n).padStart(4, '0')}`;
  };
  const written: DemoSanctionsListWritten = { designations, names: 0, rows: 0, collisionIds: [] };
  const writer = new ChunkedWriter(out);
  await writer.write(reportDateLine(isoOfDay(asOfDay)) + UK_SANCTIONS_LIST_HEADER_LINE);
  for (let i = 0; i < designations; i++) {
    const random = new KeyedRandom(seed, `designation:${i}`);
    const regime = random.weighted(REGIMES.map((r) => [r, r[3]] as const));
    const common = commonFields(random, regime, asOfDay);
    const uniqueId = nextId(regime[1]);
    const collision = collisions[i];
    const designation =
      collision === undefined
        ? filler(random, uniqueId, common, regime[2])
        : collisionDesignation(random, uniqueId, common, collision);
    if (collision !== undefined) written.collisionIds.push(uniqueId);
    for (const row of designation.rows) {
      await writer.write(ukSanctionsListRowLine(row));
      written.rows++;
      written.names += (row['Name 6'] || row['Name 1'] ? 1 : 0) + (row['Name non-latin script'] ? 1 : 0);
    }
  }
  await writer.close(end);
  return written;
}

type Regime = (typeof REGIMES)[number];

function commonFields(random: KeyedRandom, regime: Regime, asOfDay: number): UkSanctionsListRow {
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

function filler(
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
    'IMO number': String(random.int(9_100_000, 9_899_999)),
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

function collisionDesignation(
  random: KeyedRandom,
  uniqueId: string,
  common: UkSanctionsListRow,
  collision: DemoSanctionsCollision,
): Designation {
  return collision.kind === 'entity'
    ? entity(random, uniqueId, common, 'United Arab Emirates', collision)
    : person(random, uniqueId, common, 'Russia', collision);
}

interface StoredOfficer {
  company_number: string;
  name: string;
  birth_year: number;
  birth_month: number;
}

const LEGAL_SUFFIX = /\s+(LIMITED|LTD\.?|PLC|LLP|PUBLIC LIMITED COMPANY|CIC)$/i;

/**
 * The collisions the embedded default seeds, chosen from the demo register in the store so that screening the
 * demo finds them whatever the seed: the first current director of an active company under a designated name
 * with the same birth month and year; another under a designated name with a different birth year; an active
 * company named like a designated entity but for its legal form (LIMITED → LLC); and a person with
 * significant control whose name a designation carries only as a Cyrillic-script alias.
 */
export async function demoSanctionsCollisions(em: EntityManager): Promise<DemoSanctionsCollision[]> {
  const knex = knexOf(em);
  const officers = (await knex('officer_appointments as o')
    .join('companies as c', 'c.company_number', 'o.company_number')
    .where({ 'c.company_status': 'active', 'o.officer_role': 'director' })
    .whereNull('o.resigned_on')
    .whereNotNull('o.birth_year')
    .whereNotNull('o.birth_month')
    .orderBy(['o.company_number', 'o.appointment_id'])
    .limit(50)
    .select('o.company_number', 'o.name', 'o.birth_year', 'o.birth_month')) as StoredOfficer[];
  const collisions: DemoSanctionsCollision[] = [];
  const used = new Set<string>();
  for (const officer of officers) {
    const [surname, forenames] = officer.name.split(', ');
    if (!surname || !forenames || used.has(surname)) continue;
    used.add(surname);
    const sameBirth = collisions.length === 0;
    collisions.push({
      kind: 'person',
      forenames,
      surname,
      birth: {
        year: Number(officer.birth_year) + (sameBirth ? 0 : 7),
        month: Number(officer.birth_month),
      },
      note: `${sameBirth ? 'same birth month and year as' : 'born seven years after'} director ${officer.name} of ${officer.company_number}`,
    });
    if (collisions.length === 2) break;
  }
  const company = (await knex('companies')
    .where({ company_status: 'active' })
    .whereRaw(`upper(company_name) like '%LIMITED'`)
    .orderBy('company_number')
    .offset(2)
    .first('company_number', 'company_name')) as { company_number: string; company_name: string } | undefined;
  if (company)
    collisions.push({
      kind: 'entity',
      name: `${company.company_name.replace(LEGAL_SUFFIX, '')} LLC`,
      note: `named like company ${company.company_number} ${company.company_name}`,
    });
  const psc = (await knex('persons_with_significant_control')
    .where({ kind: 'individual-person-with-significant-control' })
    .whereNull('ceased_on')
    .whereNotNull('name')
    .orderBy(['company_number', 'psc_id'])
    .limit(50)
    .select('company_number', 'name')) as { company_number: string; name: string }[];
  for (const row of psc) {
    const words = row.name.split(' ').filter((word) => !/^(Mr|Mrs|Ms|Miss|Dr)$/.test(word));
    const surname = words.at(-1)!.toUpperCase();
    if (words.length < 2 || used.has(surname)) continue;
    collisions.push({
      kind: 'person',
      forenames: words[0]!,
      surname,
      birth: null,
      script: 'cyrillic',
      note: `Cyrillic alias of person with significant control ${row.name} of ${row.company_number}`,
    });
    break;
  }
  return collisions;
}

/** Writes the demo list to a temporary file and imports it, as an operator's file would be. */
export async function importDemoSanctionsList(
  em: EntityManager,
  options: DemoSanctionsListOptions,
): Promise<SanctionsListImportResult & { collisionIds: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'cds-sanctions-'));
  const file = join(dir, `demo-sanctions-list-${options.designations}-${options.seed ?? 1}.csv`);
  try {
    const written = await writeDemoSanctionsList(createWriteStream(file), options);
    const result = await importSanctionsList(em, await readFile(file), {
      source: `demo list (seed ${options.seed ?? 1}, ${options.designations} designations)`,
      now: options.asOf,
    });
    return { ...result, collisionIds: written.collisionIds };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The embedded default's list: on a store with no list version yet, the demo list with the collisions chosen
 * from the demo register already there. Returns null when a list is already held (never replaces one).
 */
export async function seedDemoSanctionsListIfEmpty(
  em: EntityManager,
  options: { seed?: number; asOf?: Date } = {},
): Promise<
  (SanctionsListImportResult & { collisionIds: string[]; collisions: DemoSanctionsCollision[] }) | null
> {
  if ((await knexOf(em)('sanctions_list_versions').first('id')) !== undefined) return null;
  const collisions = await demoSanctionsCollisions(em);
  const result = await importDemoSanctionsList(em, {
    designations: DEMO_SANCTIONS_SEED_DESIGNATIONS,
    seed: options.seed,
    asOf: options.asOf,
    collisions,
  });
  return { ...result, collisions };
}
