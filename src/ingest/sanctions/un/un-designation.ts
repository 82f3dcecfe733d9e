import type {
  DesignationAddress,
  DesignationName,
  DesignationType,
  PartialDate,
  SanctionsDesignation,
} from '../../../domain/sanctions/sanctions-designation';
import { birthDateOfDay, MAX_BIRTH_YEAR_RANGE, parseUnDate, parseUnYear } from './un-consolidated-list-dates';
import {
  childElements,
  childText,
  childValues,
  describe,
  isElement,
  type XmlElement,
} from './un-xml-elements';

/*
 * One INDIVIDUAL or ENTITY of the UN Security Council Consolidated List as a SanctionsDesignation. The element
 * names are those of the published schema (https://www.un.org/sc/resources/sc-sanctions.xsd, named by the file's
 * xsi:noNamespaceSchemaLocation) as OpenSanctions' crawler reads them (opensanctions/opensanctions
 * datasets/_global/un_sc_sanctions/crawler.py: REFERENCE_NUMBER, UN_LIST_TYPE, LISTED_ON, NAME_ORIGINAL_SCRIPT,
 * COMMENTS1, NATIONALITY/VALUE, LAST_DAY_UPDATED/VALUE, TITLE/VALUE, *_ALIAS with QUALITY and ALIAS_NAME,
 * *_ADDRESS with STREET/CITY/STATE_PROVINCE/ZIP_CODE/COUNTRY/NOTE, INDIVIDUAL_DATE_OF_BIRTH with DATE/YEAR,
 * INDIVIDUAL_PLACE_OF_BIRTH/COUNTRY); FIRST_NAME … FOURTH_NAME, TYPE_OF_DATE and FROM_YEAR/TO_YEAR from the same
 * schema. Like the UK importer, a record without its identifier or a name is rejected, and a value the list may
 * garble (a date) is a warning: kept as published in `details`, never a dropped designation.
 */

export const UN_RECORD_TAGS = { individual: 'INDIVIDUAL', entity: 'ENTITY' } as const;

const NAME_PART_TAGS = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'] as const;

/** Children read into fields of their own; every other child with a value goes to `details` as published. */
const FIELD_TAGS = new Set<string>([
  ...NAME_PART_TAGS,
  'UN_LIST_TYPE',
  'REFERENCE_NUMBER',
  'LISTED_ON',
  'NAME_ORIGINAL_SCRIPT',
  'COMMENTS1',
  'NATIONALITY',
  'TITLE',
  'LAST_DAY_UPDATED',
  'INDIVIDUAL_ALIAS',
  'ENTITY_ALIAS',
  'INDIVIDUAL_ADDRESS',
  'ENTITY_ADDRESS',
]);

export type UnRecordReading =
  { designation: SanctionsDesignation; warnings: string[] } | { error: string; warnings: string[] };

export function readUnRecord(element: XmlElement, type: DesignationType): UnRecordReading {
  const warnings: string[] = [];
  const referenceNumber = childText(element, 'REFERENCE_NUMBER');
  if (referenceNumber === null) return { error: 'REFERENCE_NUMBER: missing or empty', warnings };
  const names = recordNames(element);
  if (names.length === 0)
    return { error: 'no name: FIRST_NAME to FOURTH_NAME and NAME_ORIGINAL_SCRIPT are all empty', warnings };

  const details: Record<string, string[]> = {};
  for (const [tag, children] of Object.entries(element)) {
    if (FIELD_TAGS.has(tag) || !Array.isArray(children)) continue;
    for (const child of children) {
      const text = describe(child);
      if (text !== null && !(details[tag] ??= []).includes(text)) details[tag].push(text);
    }
    if (details[tag]?.length === 0) delete details[tag];
  }

  const designation: SanctionsDesignation = {
    unique_id: referenceNumber,
    type,
    names,
    regimes: childText(element, 'UN_LIST_TYPE') === null ? [] : [childText(element, 'UN_LIST_TYPE')!],
    designation_source: 'UN',
    sanctions_imposed: [],
    date_designated: listDate(element, 'LISTED_ON', warnings),
    last_updated: lastUpdated(element, warnings),
    ofsi_group_id: null,
    un_reference_number: referenceNumber,
    birth_dates: type === 'individual' ? birthDates(element, warnings) : [],
    nationalities: unique(childValues(element, 'NATIONALITY')),
    addresses: addresses(element, type),
    birth_countries: unique(
      childElements(element, 'INDIVIDUAL_PLACE_OF_BIRTH')
        .filter(isElement)
        .map((place) => childText(place, 'COUNTRY'))
        .filter((country): country is string => country !== null),
    ),
    other_information: childText(element, 'COMMENTS1'),
    statement_of_reasons: null,
    details,
  };
  return { designation, warnings };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

const nameDefaults = {
  surname: null,
  given_names: null,
  title: null,
  non_latin: false,
  script: null,
  language: null,
} as const;

/**
 * The name parts joined in their published order. The UN does not say which part is a surname (FIRST_NAME is
 * sometimes the family name, and an entity's whole name is in FIRST_NAME), so `surname` and `given_names` stay null.
 */
function recordNames(element: XmlElement): DesignationName[] {
  const names: DesignationName[] = [];
  const parts = NAME_PART_TAGS.map((tag) => childText(element, tag)).filter((p): p is string => p !== null);
  const titles = childValues(element, 'TITLE');
  if (parts.length > 0)
    names.push({
      ...nameDefaults,
      name: parts.join(' '),
      name_type: 'primary',
      alias_strength: null,
      title: titles.length > 0 ? titles.join(', ') : null,
    });
  const original = childText(element, 'NAME_ORIGINAL_SCRIPT');
  if (original !== null)
    names.push({
      ...nameDefaults,
      name: original,
      name_type: 'primary',
      alias_strength: null,
      non_latin: true,
    });
  for (const tag of ['INDIVIDUAL_ALIAS', 'ENTITY_ALIAS'])
    for (const alias of childElements(element, tag).filter(isElement)) {
      const aliasName = childText(alias, 'ALIAS_NAME');
      if (aliasName === null) continue; // the list publishes empty <INDIVIDUAL_ALIAS> shells for "no alias"
      // QUALITY is "Good", "Low", "a.k.a." or "f.k.a." (the values OpenSanctions' crawler maps); kept as published.
      const strength = childText(alias, 'QUALITY');
      // Several names share one ALIAS_NAME separated by "; " (OpenSanctions' crawler splits them the same way).
      for (const one of aliasName.split(';').map((n) => n.replace(/\s+/g, ' ').trim()))
        if (one.length > 0 && !names.some((n) => n.name === one && n.name_type === 'alias'))
          names.push({ ...nameDefaults, name: one, name_type: 'alias', alias_strength: strength });
    }
  return names;
}

function listDate(element: XmlElement, tag: string, warnings: string[]): string | null {
  const text = childText(element, tag);
  if (text === null) return null;
  const day = parseUnDate(text);
  if (day === null) warnings.push(`${tag}: ${JSON.stringify(text)} is not a yyyy-mm-dd date; left out`);
  return day;
}

/** LAST_DAY_UPDATED lists every amendment's day; the latest is the designation's last update. */
function lastUpdated(element: XmlElement, warnings: string[]): string | null {
  let latest: string | null = null;
  for (const text of childValues(element, 'LAST_DAY_UPDATED')) {
    const day = parseUnDate(text);
    if (day === null)
      warnings.push(`LAST_DAY_UPDATED: ${JSON.stringify(text)} is not a yyyy-mm-dd date; left out`);
    else if (latest === null || day > latest) latest = day;
  }
  return latest;
}

/**
 * DATE is a full day, YEAR a year alone (TYPE_OF_DATE EXACT or APPROXIMATELY: the schema's dates have no
 * "about", so an approximate year is read as that year and TYPE_OF_DATE stays in `details`). A BETWEEN range
 * (FROM_YEAR … TO_YEAR) has no place in the partial-date schema, so it becomes each of its years, year only, which
 * is what a year comparison needs; a range wider than MAX_BIRTH_YEAR_RANGE, reversed or unreadable is a warning.
 * The element itself is always kept in `details` as published.
 */
function birthDates(element: XmlElement, warnings: string[]): PartialDate[] {
  const dates: PartialDate[] = [];
  const add = (date: PartialDate) => {
    if (!dates.some((d) => d.year === date.year && d.month === date.month && d.day === date.day))
      dates.push(date);
  };
  for (const birth of childElements(element, 'INDIVIDUAL_DATE_OF_BIRTH').filter(isElement)) {
    const date = childText(birth, 'DATE');
    const year = childText(birth, 'YEAR');
    const from = childText(birth, 'FROM_YEAR');
    const to = childText(birth, 'TO_YEAR');
    if (date !== null) {
      const day = parseUnDate(date);
      if (day === null)
        warnings.push(
          `INDIVIDUAL_DATE_OF_BIRTH: DATE ${JSON.stringify(date)} is not a yyyy-mm-dd date; kept as published`,
        );
      else add(birthDateOfDay(day));
    }
    if (year !== null) {
      const y = parseUnYear(year);
      if (y === null)
        warnings.push(
          `INDIVIDUAL_DATE_OF_BIRTH: YEAR ${JSON.stringify(year)} is not a year; kept as published`,
        );
      else add({ year: y, month: null, day: null });
    }
    if (from !== null || to !== null) {
      const [a, b] = [parseUnYear(from ?? ''), parseUnYear(to ?? '')];
      if (a === null || b === null || b < a || b - a > MAX_BIRTH_YEAR_RANGE)
        warnings.push(
          `INDIVIDUAL_DATE_OF_BIRTH: FROM_YEAR ${JSON.stringify(from ?? '')} TO_YEAR ${JSON.stringify(to ?? '')} is not a range of at most ${MAX_BIRTH_YEAR_RANGE} years; kept as published`,
        );
      else for (let y = a; y <= b; y++) add({ year: y, month: null, day: null });
    }
  }
  return dates;
}

function addresses(element: XmlElement, type: DesignationType): DesignationAddress[] {
  const found: DesignationAddress[] = [];
  for (const address of childElements(
    element,
    type === 'individual' ? 'INDIVIDUAL_ADDRESS' : 'ENTITY_ADDRESS',
  ).filter(isElement)) {
    const lines = ['STREET', 'CITY', 'STATE_PROVINCE', 'NOTE']
      .map((tag) => childText(address, tag))
      .filter((line): line is string => line !== null);
    const next: DesignationAddress = {
      lines,
      postal_code: childText(address, 'ZIP_CODE'),
      country: childText(address, 'COUNTRY'),
    };
    if (next.lines.length === 0 && next.postal_code === null && next.country === null) continue;
    if (!found.some((a) => JSON.stringify(a) === JSON.stringify(next))) found.push(next);
  }
  return found;
}
