import type {
  DesignationAddress,
  DesignationName,
  DesignationType,
  PartialDate,
  SanctionsDesignation,
} from '../../../domain/sanctions/sanctions-designation';
import { birthDateOfDay, parseUnDate, parseUnYear } from '../un/un-consolidated-list-dates';
import { childText, type XmlElement } from '../un/un-xml-elements';
import { identificationDetails } from './eu-identifications';
import { nonLatinScript } from './eu-name-script';
import { attribute, children, countryOf } from './eu-xml-attributes';

/*
 * One sanctionEntity of the EU consolidated list (XML v1.1, namespace http://eu.europa.ec/fpi/fsd/export) as a
 * SanctionsDesignation. Names of elements and attributes are those of the published file as OpenSanctions'
 * crawler reads them (opensanctions/opensanctions zavod/zavod/shed/fsf.py and datasets/eu/fsf/eu_fsf.yml):
 * sanctionEntity@logicalId, @euReferenceNumber, @unitedNationId, @designationDate, remark; regulation@programme,
 * @publicationDate, @entryIntoForceDate, @numberTitle; subjectType@code ("person" or "enterprise", the only two
 * the crawler maps); nameAlias@wholeName, @firstName, @middleName, @lastName, @title, @function, @gender,
 * @nameLanguage, @strong; citizenship and address with countryIso2Code/countryDescription, address@street,
 * @poBox, @city, @place, @region, @zipCode; birthdate@birthdate, @year, @monthOfYear, @dayOfMonth, @circa (as in
 * a published sample, bentzin/reke XMLTest.java); identification (eu-identifications.ts). Like the UK and UN
 * parsers, an entry without its identifier or a name is rejected; a garbled date is a warning, kept in `details`.
 * The list's subject types are person and enterprise only: a ship is an enterprise with an "imo" identification,
 * read as an entity whose IMO number the identifier reader still sees.
 */

export const EU_SUBJECT_TYPES: Readonly<Record<string, DesignationType>> = {
  person: 'individual',
  enterprise: 'entity',
};

/** What the matcher reads as a weak alias (listed-party-of.ts: "Low quality" as the UK list words it). */
export const WEAK_ALIAS_STRENGTH = 'Low quality';
export const STRONG_ALIAS_STRENGTH = 'Good quality';

export type EuEntryReading =
  { designation: SanctionsDesignation; warnings: string[] } | { error: string; warnings: string[] };

/**
 * unique_id is "EU-<logicalId>": the EU's logicalId is a bare number, which another list's identifier could
 * equal; the prefix keeps a designation's identity tied to its list once several lists are held side by side.
 */
export function euUniqueId(logicalId: string): string {
  return `EU-${logicalId}`;
}

export function readEuEntry(entry: XmlElement): EuEntryReading {
  const warnings: string[] = [];
  const logicalId = attribute(entry, 'logicalId');
  if (logicalId === null) return { error: 'logicalId: missing or empty', warnings };
  const subject = children(entry, 'subjectType')[0];
  const code = subject === undefined ? null : attribute(subject, 'code');
  const type = code === null ? undefined : EU_SUBJECT_TYPES[code];
  if (type === undefined)
    return {
      error: `subjectType code ${JSON.stringify(code ?? '')} is neither "person" nor "enterprise"`,
      warnings,
    };
  const details: Record<string, string[]> = {};
  const names = entryNames(entry, details);
  if (names.length === 0) return { error: 'no name: every nameAlias has an empty wholeName', warnings };

  const addDetail = (column: string, value: string | null) => {
    if (value !== null && !(details[column] ??= []).includes(value)) details[column].push(value);
  };
  addDetail('EU reference number', attribute(entry, 'euReferenceNumber'));
  addDetail('Designation date', attribute(entry, 'designationDate'));
  addDetail('Designation details', attribute(entry, 'designationDetails'));
  const regulations = children(entry, 'regulation');
  // Each regulation with its publicationDate as published, so a date left out as unreadable is still on record.
  for (const regulation of regulations) {
    const published = attribute(regulation, 'publicationDate');
    const title = attribute(regulation, 'numberTitle') ?? 'regulation';
    addDetail('Regulation', published === null ? title : `${title}, published ${published}`);
  }
  for (const identification of children(entry, 'identification')) {
    const read = identificationDetails(identification);
    if (read !== null) addDetail(read.column, read.value);
  }

  const published = publicationDates(regulations, warnings);
  const designation: SanctionsDesignation = {
    unique_id: euUniqueId(logicalId),
    type,
    names,
    regimes: unique(regulations.map((r) => attribute(r, 'programme')).filter((p) => p !== null)),
    designation_source: 'EU',
    sanctions_imposed: [],
    date_designated: published[0] ?? null,
    last_updated: published.at(-1) ?? null,
    ofsi_group_id: null,
    un_reference_number: attribute(entry, 'unitedNationId'),
    birth_dates: type === 'individual' ? birthDates(entry, warnings, addDetail) : [],
    nationalities: unique(
      children(entry, 'citizenship')
        .map(countryOf)
        .filter((c) => c !== null),
    ),
    addresses: addresses(entry),
    birth_countries: unique(
      children(entry, 'birthdate')
        .map(countryOf)
        .filter((c) => c !== null),
    ),
    other_information: childText(entry, 'remark'),
    statement_of_reasons: null,
    details,
  };
  return { designation, warnings };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/**
 * Each nameAlias with a name: the first strong one is the primary name, the others aliases; strong="false" is
 * the EU's weak alias (OpenSanctions' crawler reads it as is_weak), written as the UK list's "Low quality" so the
 * matcher counts it only on an exact match. A name with no Latin letter is marked non_latin with its script.
 * title becomes the name's title; function and gender, which describe the person, go to `details`.
 */
function entryNames(entry: XmlElement, details: Record<string, string[]>): DesignationName[] {
  const aliases = children(entry, 'nameAlias');
  const strongOf = (alias: XmlElement) => attribute(alias, 'strong')?.toLowerCase() !== 'false';
  const primaryAt = aliases.findIndex((alias) => strongOf(alias) && wholeName(alias) !== null);
  const names: DesignationName[] = [];
  aliases.forEach((alias, index) => {
    const name = wholeName(alias);
    if (name === null || names.some((known) => known.name === name)) return;
    const given = [attribute(alias, 'firstName'), attribute(alias, 'middleName')].filter((p) => p !== null);
    const script = nonLatinScript(name);
    const primary = index === primaryAt;
    names.push({
      name,
      surname: attribute(alias, 'lastName'),
      given_names: given.length > 0 ? given.join(' ') : null,
      name_type: primary ? 'primary' : 'alias',
      alias_strength: strongOf(alias) ? (primary ? null : STRONG_ALIAS_STRENGTH) : WEAK_ALIAS_STRENGTH,
      title: attribute(alias, 'title'),
      non_latin: script !== null,
      script,
      language: attribute(alias, 'nameLanguage'),
    });
    for (const [column, value] of [
      ['Function', attribute(alias, 'function')],
      ['Gender', attribute(alias, 'gender')],
    ] as const)
      if (value !== null && !(details[column] ??= []).includes(value)) details[column].push(value);
  });
  return names;
}

/** wholeName, or the parts joined when the list left it empty. */
function wholeName(alias: XmlElement): string | null {
  const whole = attribute(alias, 'wholeName');
  if (whole !== null) return whole.replace(/\s+/g, ' ');
  const parts = ['firstName', 'middleName', 'lastName']
    .map((a) => attribute(alias, a))
    .filter((p) => p !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * Every regulation's publicationDate, sorted: the earliest is when the entry was first listed (a later
 * regulation amends it), the latest its last amendment.
 */
function publicationDates(regulations: XmlElement[], warnings: string[]): string[] {
  const days: string[] = [];
  for (const regulation of regulations) {
    const text = attribute(regulation, 'publicationDate');
    if (text === null) continue;
    const day = parseUnDate(text);
    if (day === null)
      warnings.push(`regulation publicationDate ${JSON.stringify(text)} is not a yyyy-mm-dd date; left out`);
    else days.push(day);
  }
  return unique(days).sort();
}

/**
 * birthdate="1960-05-14" is a full day; without it, year (with monthOfYear and dayOfMonth when given) is a
 * partial date. circa="true" has no place in the partial-date schema: the date is kept and the element's
 * "circa" noted in `details`, as the UN parser keeps TYPE_OF_DATE.
 */
function birthDates(
  entry: XmlElement,
  warnings: string[],
  addDetail: (column: string, value: string | null) => void,
): PartialDate[] {
  const dates: PartialDate[] = [];
  for (const birth of children(entry, 'birthdate')) {
    const full = attribute(birth, 'birthdate');
    const yearText = attribute(birth, 'year');
    let date: PartialDate | null = null;
    if (full !== null) {
      const day = parseUnDate(full);
      if (day === null)
        warnings.push(`birthdate ${JSON.stringify(full)} is not a yyyy-mm-dd date; kept as published`);
      else date = birthDateOfDay(day);
    } else if (yearText !== null) {
      const year = parseUnYear(yearText);
      if (year === null)
        warnings.push(`birthdate year ${JSON.stringify(yearText)} is not a year; kept as published`);
      else date = { year, month: dayPart(attribute(birth, 'monthOfYear'), 12), day: null };
      if (date !== null && date.month !== null) date.day = dayPart(attribute(birth, 'dayOfMonth'), 31);
    }
    const published = full ?? yearText;
    if (published !== null)
      addDetail('Date of birth', attribute(birth, 'circa') === 'true' ? `circa ${published}` : published);
    if (
      date !== null &&
      !dates.some((d) => d.year === date.year && d.month === date.month && d.day === date.day)
    )
      dates.push(date);
  }
  return dates;
}

function dayPart(text: string | null, max: number): number | null {
  if (text === null || !/^\d{1,2}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= max ? value : null;
}

function addresses(entry: XmlElement): DesignationAddress[] {
  const found: DesignationAddress[] = [];
  for (const address of children(entry, 'address')) {
    const lines = ['street', 'poBox', 'city', 'place', 'region']
      .map((name) => attribute(address, name))
      .filter((line) => line !== null);
    const next: DesignationAddress = {
      lines,
      postal_code: attribute(address, 'zipCode'),
      country: countryOf(address),
    };
    if (next.lines.length === 0 && next.postal_code === null && next.country === null) continue;
    if (!found.some((a) => JSON.stringify(a) === JSON.stringify(next))) found.push(next);
  }
  return found;
}
