import { dayNumber } from '../../domain/companies/register-dates';
import { INWARD_LETTERS, NATION_COUNTRY, STREETS, STREET_TYPES, TOWNS } from '../demo-register-vocabulary';
import { FEMALE_FORENAMES, MALE_FORENAMES, NATIONALITIES, OCCUPATIONS, SURNAMES } from './details-vocabulary';
import { KeyedRandom } from './keyed-random';

/*
 * A person is made from a key alone: the same key gives the same officer id, name and date of birth wherever the
 * person is appointed. Namesakes share a name key but not a person key, so they differ in officer id and birth.
 */

export interface DemoAddress {
  premises: string;
  address_line_1: string;
  locality: string;
  postal_code: string;
  country: string;
}

export interface DemoPerson {
  officer_id: string;
  title: string;
  forename: string;
  middle_name: string | null;
  surname: string;
  birth: { month: number; year: number };
  nationality: string;
  country_of_residence: string;
  occupation: string;
  address: DemoAddress;
}

export function demoAddress(random: KeyedRandom): DemoAddress {
  const town = random.pick(TOWNS);
  const [area, first, last] = random.pick(town.areas);
  const postcode =
    `${area}${random.int(first, last)} ${random.int(0, 9)}` +
    random.pick([...INWARD_LETTERS]) +
    random.pick([...INWARD_LETTERS]);
  const country = NATION_COUNTRY[town.nation];
  return {
    premises: String(random.int(1, 240)),
    address_line_1: `${titleCase(random.pick(STREETS))} ${titleCase(random.pick(STREET_TYPES))}`,
    locality: titleCase(town.town),
    postal_code: postcode,
    country: titleCase(country),
  };
}

/** `nameKey` defaults to the person's key; namesakes pass a shared one, and `birthYearShift` to tell them apart. */
export function demoPerson(seed: number, key: string, nameKey = key, birthYearShift = 0): DemoPerson {
  const names = new KeyedRandom(seed, `name:${nameKey}`);
  const female = names.chance(0.4);
  const forename = names.pick(female ? FEMALE_FORENAMES : MALE_FORENAMES);
  const middle = names.chance(0.55) ? names.pick(female ? FEMALE_FORENAMES : MALE_FORENAMES) : null;
  const surname = names.pick(SURNAMES);
  const baseYear = names.int(1945, 1995);

  const random = new KeyedRandom(seed, `person:${key}`);
  const nationality = random.weighted(NATIONALITIES);
  const address = demoAddress(random);
  return {
    officer_id: random.id(),
    title: female ? random.pick(['Mrs', 'Ms', 'Miss', 'Dr']) : random.chance(0.95) ? 'Mr' : 'Dr',
    forename: titleCase(forename),
    middle_name: middle === null || middle === forename ? null : titleCase(middle),
    surname,
    birth: { month: random.int(1, 12), year: baseYear + birthYearShift },
    nationality,
    country_of_residence: address.country,
    occupation: random.pick(OCCUPATIONS),
    address,
  };
}

/** As officers are listed: "SURNAME, Forenames". */
export function officerName(person: DemoPerson): string {
  return `${person.surname}, ${[person.forename, person.middle_name].filter(Boolean).join(' ')}`;
}

/** As persons with significant control are listed: "Mr Forenames Surname". */
export function pscName(person: DemoPerson): string {
  return [person.title, person.forename, person.middle_name, titleCase(person.surname)]
    .filter(Boolean)
    .join(' ');
}

/** The first day a person could plausibly take office: their 21st birthday year. */
export function adultFrom(person: DemoPerson): number {
  return dayNumber(person.birth.year + 21, person.birth.month, 1);
}

export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/(^|[\s-])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}
